import { cleanText, TEXT_MAX, textLength } from '../../protocol/chat-text';

/** What a message being typed would be sent as, and whether it may be (the chat's text rules, docs/protocol.md "Chat"). */
export interface DraftCheck {
  readonly text: string;
  readonly length: number;
  readonly sendable: boolean;
  /** Characters over the limit (0 when within it). */
  readonly over: number;
}

export function checkDraft(raw: string): DraftCheck {
  const text = cleanText(raw);
  const length = textLength(text);
  return { text, length, sendable: length > 0 && length <= TEXT_MAX, over: Math.max(0, length - TEXT_MAX) };
}

export { TEXT_MAX };
