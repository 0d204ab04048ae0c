import { z } from 'zod';

/*
 * What a line of text people send each other may hold (docs/protocol.md, "Chat"): the same rules
 * for the room's chat and for direct messages. Pure code, run by the server on everything it
 * receives and by clients before they send (so a player is told at once, in their language).
 */

/** The longest line, in characters (Unicode code points) after cleaning. */
export const TEXT_MAX = 300;
/** The longest text received that is read at all (UTF-16 units): far over TEXT_MAX, refused unread. */
const RAW_MAX = 4 * TEXT_MAX;
/** Combining marks kept on one letter: enough for any script, not for text that climbs over its neighbours. */
const MAX_MARKS = 3;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/** Line and paragraph breaks, tabs: a chat line is one line, so each becomes a space. */
const BREAK = /[\t\n\v\f\r\u0085\u2028\u2029]/u;
/** Spaces of every width (no-break, ideographic, thin…): one ordinary space. */
const SPACE = /\p{Zs}/u;
/** Controls, format characters (zero-width, direction overrides, BOM…), lone surrogates, private use is kept. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;
/**
 * Characters that show nothing although Unicode calls them letters or marks, a favourite of
 * blank names and empty-looking lines: Hangul fillers, the braille blank, the combining grapheme
 * joiner, Khmer's inherent vowels, Mongolian's free variation selectors.
 */
const BLANK = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x034f, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180f]);
const MARK = /\p{M}/u;
/** Where a joiner means something: between letters (Persian ZWNJ, Indic ZWJ) or pictographs (emoji sequences). */
const JOINABLE = /\p{L}|\p{M}|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f/u;
const TAG = /[\u{e0020}-\u{e007e}]/u;
const NONCHARACTER = /[\ufdd0-\ufdef\ufffe\uffff]/u;

function isNonCharacter(cp: number, ch: string): boolean {
  return NONCHARACTER.test(ch) || (cp & 0xfffe) === 0xfffe;
}

/**
 * The line as it will be stored and shown: NFC, breaks and odd spaces made one space, runs of
 * spaces collapsed, controls and invisible characters taken out (joiners kept only where a script
 * or an emoji needs them, tag characters only inside a flag's sequence), at most three combining
 * marks on a letter, trimmed. May be empty: the schema refuses that.
 */
export function cleanText(raw: string): string {
  const chars = Array.from(raw.slice(0, RAW_MAX).normalize('NFC'));
  const out: string[] = [];
  let marks = 0;
  let inFlag = false;
  const last = (): string | undefined => out[out.length - 1];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const cp = ch.codePointAt(0) ?? 0;
    if (BREAK.test(ch) || SPACE.test(ch)) {
      if (out.length > 0 && last() !== ' ') out.push(' ');
      marks = 0;
      inFlag = false;
      continue;
    }
    if (cp === ZWJ || cp === ZWNJ) {
      const before = last();
      const after = chars[i + 1];
      if (before && after && JOINABLE.test(before) && JOINABLE.test(after)) out.push(ch);
      continue;
    }
    // A subdivision flag (England, Scotland, Wales) is the black flag, tag letters, then CANCEL TAG.
    if (TAG.test(ch) || cp === CANCEL_TAG) {
      if (inFlag) out.push(ch);
      if (cp === CANCEL_TAG) inFlag = false;
      continue;
    }
    if (INVISIBLE.test(ch) || BLANK.has(cp) || isNonCharacter(cp, ch)) continue;
    if (MARK.test(ch)) {
      const before = last();
      // A mark on nothing (the start, a space) is not shown as anyone expects: dropped.
      if (before === undefined || before === ' ' || marks >= MAX_MARKS) continue;
      marks += 1;
      out.push(ch);
      continue;
    }
    marks = 0;
    inFlag = cp === BLACK_FLAG;
    out.push(ch);
  }
  return out.join('').trim();
}

/** Characters as this module counts them (code points, so an emoji is one or a few, never half of one). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * A line of text as received: a string, cleaned (cleanText), then 1–TEXT_MAX characters. Bad input
 * gets a sentence that says what is wrong ("the message is empty", "… is 412 characters long, at
 * most 300").
 */
export const LineTextSchema = z
  .string({ error: 'the message must be text' })
  .max(RAW_MAX, {
    error: (issue) => `the message is ${String(issue.input).length} characters long, at most ${TEXT_MAX}`,
  })
  .transform(cleanText)
  .superRefine((text, context) => {
    const length = textLength(text);
    if (length === 0)
      context.addIssue({ code: 'custom', message: 'the message is empty once invisible characters are taken out' });
    else if (length > TEXT_MAX)
      context.addIssue({
        code: 'custom',
        message: `the message is ${length} characters long, at most ${TEXT_MAX}`,
      });
  });
