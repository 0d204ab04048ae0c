import { describe, expect, it } from 'vitest';
import { cleanText, LineTextSchema, TEXT_MAX, textLength } from '../../../src/protocol/chat-text';
import { ChatPayloadSchema, SpecChatPayloadSchema, specPayloadText } from '../../../src/protocol/chat';

const refusal = (value: unknown): string => {
  const parsed = LineTextSchema.safeParse(value);
  return parsed.success ? 'accepted' : (parsed.error.issues[0]?.message ?? '');
};

describe('cleanText', () => {
  it('keeps ordinary text of every script, emoji and punctuation as it is', () => {
    for (const text of [
      'gl hf!',
      'Bien joué, à la prochaine 🙂',
      'こんにちは、よろしく',
      'مرحبا بك',
      'Привет! Хорошая игра.',
      '<script>alert(1)</script> & "quotes"',
      'नमस्ते',
    ]) {
      expect(cleanText(text)).toBe(text);
    }
  });

  it('makes line breaks, tabs and odd spaces one space, and trims', () => {
    expect(cleanText('  one\ntwo\r\n\tthree\u2028four\u00a0five\u3000six  ')).toBe('one two three four five six');
    expect(cleanText('a    b')).toBe('a b');
  });

  it('takes out controls, zero-width and direction characters', () => {
    expect(cleanText('a\u0000b\u0007c\u001bd\u007fe\u0085f')).toBe('abcde f');
    expect(cleanText('pay\u200bpal')).toBe('paypal');
    expect(cleanText('\u202egnp.exe')).toBe('gnp.exe');
    expect(cleanText('\u2066isolated\u2069\u200e\u200f\ufeff')).toBe('isolated');
    expect(cleanText('soft\u00adhyphen')).toBe('softhyphen');
  });

  it('leaves nothing of a line made only of invisible or blank characters', () => {
    expect(cleanText('\u200b\u200c\u200d\u2060\ufeff')).toBe('');
    expect(cleanText('\u3164\u3164 \u115f\u2800')).toBe('');
    expect(cleanText('   \n\t ')).toBe('');
    expect(cleanText('\u0301\u0301\u0301')).toBe('');
  });

  it('keeps joiners where a script or an emoji needs them, and only there', () => {
    const family = '👨\u200d👩\u200d👧';
    expect(cleanText(family)).toBe(family);
    const rainbow = '🏳\ufe0f\u200d🌈';
    expect(cleanText(rainbow)).toBe(rainbow);
    // Persian writes a zero-width non-joiner between letters.
    expect(cleanText('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(cleanText('a\u200d\u200d\u200db')).toBe('a\u200db');
    expect(cleanText('\u200dstart end\u200d')).toBe('start end');
    expect(cleanText('x \u200c y')).toBe('x y');
  });

  it('keeps a subdivision flag whole and drops stray tag characters', () => {
    const england = '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';
    expect(cleanText(`go ${england}!`)).toBe(`go ${england}!`);
    expect(cleanText('hi\u{e0068}\u{e0069}\u{e007f}')).toBe('hi');
  });

  it('keeps at most three combining marks on a letter', () => {
    const zalgo = `h${'\u0300\u0301\u0302\u0303\u0304\u0305'.repeat(5)}i`;
    expect(cleanText(zalgo)).toBe('h\u0300\u0301\u0302i');
    expect(cleanText('Tiếng Việt')).toBe('Tiếng Việt');
  });

  it('composes to NFC', () => {
    expect(cleanText('e\u0301')).toBe('é');
  });
});

describe('LineTextSchema', () => {
  it('counts characters as code points: an emoji is not two', () => {
    expect(textLength('🙂🙂')).toBe(2);
    expect(LineTextSchema.parse('🙂'.repeat(TEXT_MAX))).toHaveLength(TEXT_MAX * 2);
  });

  it('refuses empty, blank and too long lines with a sentence that says why', () => {
    expect(refusal('')).toBe('the message is empty once invisible characters are taken out');
    expect(refusal('\u200b \u3164')).toBe('the message is empty once invisible characters are taken out');
    expect(refusal('a'.repeat(TEXT_MAX + 1))).toBe('the message is 301 characters long, at most 300');
    expect(refusal('a'.repeat(50_000))).toBe('the message is 50000 characters long, at most 300');
    expect(refusal(42)).toBe('the message must be text');
    expect(refusal('a'.repeat(TEXT_MAX))).toBe('accepted');
  });

  it('counts the length after cleaning: invisible padding does not count', () => {
    expect(LineTextSchema.parse(`${'\u200b'.repeat(500)}hi`)).toBe('hi');
  });
});

describe('chat payloads', () => {
  it('reads a broadside/2 line: a text or a quick code, never both, nothing else', () => {
    expect(ChatPayloadSchema.parse({ text: ' gl\nhf ' })).toEqual({ text: 'gl hf' });
    expect(ChatPayloadSchema.parse({ quick: 'nice-shot' })).toEqual({ quick: 'nice-shot' });
    for (const bad of [{}, { text: 'a', quick: 'hello' }, { quick: 'insult' }, { text: 'a', to: 'x' }, 'hi', null]) {
      expect(ChatPayloadSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(ChatPayloadSchema.safeParse({ quick: 'insult' }).error?.issues[0]?.message).toMatch(
      /^unknown quick message "insult"/,
    );
  });

  it('reads the SPEC dialect as the original takes it: a string, {message} or {text, timeSent}', () => {
    expect(SpecChatPayloadSchema.parse('hello\u0000')).toBe('hello');
    expect(SpecChatPayloadSchema.parse({ message: 'hi' })).toEqual({ message: 'hi' });
    const original = { text: 'salut', timeSent: '2024-05-01T10:00:00.000Z' };
    expect(SpecChatPayloadSchema.parse(original)).toEqual(original);
    expect(specPayloadText(SpecChatPayloadSchema.parse(original))).toBe('salut');
    for (const bad of [42, {}, { message: '' }, { message: 'a', extra: 1 }, { text: 'a', timeSent: 'x'.repeat(65) }]) {
      expect(SpecChatPayloadSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
