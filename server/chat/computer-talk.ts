import type { QuickMessage } from '../../src/protocol';

/*
 * What the computer says at the table (docs/game.md, "Chat"): it answers a greeting once a game,
 * and says "well played" when the game ends, in quick messages (so each player reads them in their
 * own language). Pure: the plugin decides when.
 */

/** Words that wish luck, in the languages of the app and the usual shorthand. */
const LUCK = /\b(gl|glhf|gl\s*hf|good\s+luck|bonne\s+chance|bon\s+courage|have\s+fun|hf)\b/iu;
/** Words that greet. */
const HELLO = /^(hi|hey|hello|hallo|howdy|yo|salut|bonjour|bonsoir|coucou|hola|ciao|hej|greetings)\b/iu;

/** The computer's answer to a line said to it: luck for luck, a greeting for a greeting, else nothing. */
export function answerTo(said: { readonly text: string } | { readonly quick: QuickMessage }): QuickMessage | null {
  if ('quick' in said) {
    if (said.quick === 'hello') return 'hello';
    if (said.quick === 'good-luck') return 'good-luck';
    return null;
  }
  const text = said.text.trim();
  if (LUCK.test(text)) return 'good-luck';
  if (HELLO.test(text)) return 'hello';
  return null;
}

/** How long the computer takes to answer, like a person reading the line: within its thinking time. */
export function answerDelay(
  thinking: { readonly minMs: number; readonly maxMs: number },
  random: () => number,
): number {
  const min = Math.max(0, thinking.minMs);
  const max = Math.max(min, thinking.maxMs);
  return Math.round(min + (max - min) * random());
}
