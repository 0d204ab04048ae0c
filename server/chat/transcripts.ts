import type { TranscriptLine } from '../../src/protocol';

/** The lines between a reporter and the player they report, in one kind of conversation, oldest first. */
export type TranscriptSource = (reporterId: string, targetId: string) => Promise<TranscriptLine[]>;

/**
 * Where a report finds the transcript of a conversation that is not a room's chat (docs/architecture.md,
 * "People and operations: shared pieces"): the capability that keeps those lines registers a source
 * under the report's context, once at its start (the direct messages: `conversation`).
 * `POST /reports {userId, conversation: true}` then keeps that source's lines with the report.
 */
export class TranscriptSources {
  private readonly sources = new Map<string, TranscriptSource>();

  add(kind: 'conversation', source: TranscriptSource): void {
    if (this.sources.has(kind)) throw new Error(`a transcript source for ${kind} is registered already`);
    this.sources.set(kind, source);
  }

  get(kind: 'conversation'): TranscriptSource | undefined {
    return this.sources.get(kind);
  }
}
