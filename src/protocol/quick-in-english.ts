import english from '../../locales/en/translation.json';
import type { QuickMessage } from './chat';

/*
 * Not exported from src/protocol's index: the English words come with the whole English catalogue,
 * which the web app loads as its own translation (src/app/i18n) and must not carry twice.
 */

/**
 * A quick message's English words: how a SPEC-dialect reader, which has no codes, reads one, and
 * what a bot sends to a server that speaks only that dialect.
 */
export function quickInEnglish(code: QuickMessage): string {
  return english.chat.quick[code];
}
