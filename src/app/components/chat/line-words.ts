import type { QuickMessage } from '../../../protocol/chat';

/** A line as the chat shows it: a text, or a quick message's code. */
export interface SaidLine {
  readonly text?: string;
  readonly quick?: QuickMessage;
}

/**
 * The words of a line in the reader's language: a quick message is translated (chat.quick.*), a
 * text is shown as it was written — as text, never as markup (React escapes it).
 */
export function lineWords(t: (key: string) => string, line: SaidLine): string {
  return line.quick !== undefined ? t(`chat.quick.${line.quick}`) : (line.text ?? '');
}
