import { type ChatLine, ChatHistorySchema, ChatLineSchema } from './chat';
import { cleanText, TEXT_MAX } from './chat-text';

/** What changed in a room's chat: a line came (live), or the lines were read again (a join, a finished game). */
export type ChatChange = { readonly kind: 'line'; readonly line: ChatLine } | { readonly kind: 'history' };
export type ChatListener = (lines: readonly ChatLine[], change: ChatChange) => void;

/** Lines a client keeps of one room: enough for a long game's talk, not a memory leak. */
const KEEP = 200;

/**
 * A room's chat as a client keeps it (docs/protocol.md, "Chat"), from either server: broadside/2's
 * `chat` lines and `chatHistory`, or the SPEC dialect's `chat(payload, sender)` — from the original
 * server too, which checks nothing, so its text is cleaned here by the same rules as ours and
 * shortened to the longest line ours accepts. Lines are kept in order, once each.
 */
export class ChatFeed {
  private list: ChatLine[] = [];
  private readonly listeners = new Set<ChatListener>();
  private specCount = 0;

  get lines(): readonly ChatLine[] {
    return this.list;
  }

  subscribe(listener: ChatListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A new room: nothing said yet. */
  reset(): void {
    if (this.list.length === 0) return;
    this.list = [];
    this.tell({ kind: 'history' });
  }

  /** A `chat` event: broadside/2's line, or the SPEC dialect's payload and sender. */
  takeEvent(payload: unknown, sender: unknown): ChatLine | null {
    const parsed = sender === undefined ? ChatLineSchema.safeParse(payload) : null;
    const line = parsed ? (parsed.success ? parsed.data : null) : this.fromSpec(payload, sender);
    if (!line || this.list.some((known) => known.id === line.id)) return null;
    this.list = [...this.list, line].slice(-KEEP);
    this.tell({ kind: 'line', line });
    return line;
  }

  /** broadside/2's `chatHistory`: the lines this socket may read now, which replace what was kept. */
  takeHistory(raw: unknown): void {
    const parsed = ChatHistorySchema.safeParse(raw);
    if (!parsed.success) return;
    // Lines of this room that came live after the history was read stay.
    const ids = new Set(parsed.data.lines.map((line) => line.id));
    const newer = this.list.filter((line) => !ids.has(line.id) && line.at >= (parsed.data.lines.at(-1)?.at ?? 0));
    this.list = [...parsed.data.lines, ...newer].slice(-KEEP);
    this.tell({ kind: 'history' });
  }

  /** The SPEC dialect's payload (a string, `{message}` or `{text, timeSent}`) and `{userId, username}`. */
  private fromSpec(payload: unknown, sender: unknown): ChatLine | null {
    if (typeof sender !== 'object' || sender === null) return null;
    const { userId, username } = sender as { userId?: unknown; username?: unknown };
    if (typeof userId !== 'string' || typeof username !== 'string') return null;
    const fields = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
    const raw = typeof payload === 'string' ? payload : (fields.message ?? fields.text);
    if (typeof raw !== 'string') return null;
    const text = Array.from(cleanText(raw)).slice(0, TEXT_MAX).join('');
    if (text === '') return null;
    const sent = typeof fields.timeSent === 'string' ? Date.parse(fields.timeSent) : Number.NaN;
    this.specCount += 1;
    return {
      id: `spec-${this.specCount}`,
      at: Number.isFinite(sent) ? sent : Date.now(),
      from: { userId, username },
      channel: 'players',
      text,
    };
  }

  private tell(change: ChatChange): void {
    for (const listener of this.listeners) listener(this.list, change);
  }
}
