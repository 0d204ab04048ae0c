import { type ClientGameState, initialGameState, type StateChange } from './client-state';
import { SeqGuard } from './seq-guard';
import { STATE_EVENT, type StateFrame, StateFrameSchema } from './state-frame';
import { absorb, absorbView } from './state-intake';
import type { ServerEventName } from './types';

export { STATE_EVENT };

export type StateListener = (state: ClientGameState, change: StateChange) => void;

/**
 * A player's state of one room, as one plain object replaced at every change, fed by the events of
 * either dialect (state-intake.ts) and told to its listeners. No socket here: GameClient wires one.
 */
export class PlayerStateFeed {
  private current: ClientGameState;
  private readonly listeners = new Set<StateListener>();
  /** Which broadside/2 `state` frames to take (seq-guard.ts). */
  private readonly frames = new SeqGuard();

  constructor(
    slug: string,
    private readonly me: string | null,
  ) {
    this.current = initialGameState(slug);
  }

  get state(): ClientGameState {
    return this.current;
  }

  /** The seq of the last broadside/2 `state` frame taken, or null. */
  get seq(): number | null {
    return this.frames.seq;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes fields the client itself knows (connection, status from an ack) and tells the listeners. */
  update(patch: Partial<ClientGameState>, change: StateChange): void {
    this.current = { ...this.current, ...patch };
    this.tell(change);
  }

  /** Names the room without telling anyone (a join is on its way). */
  rename(slug: string): void {
    if (this.current.slug !== slug) this.current = { ...this.current, slug };
  }

  /** An event of the SPEC dialect or of our server from before the dialects. */
  takeEvent(event: ServerEventName, payload: unknown): void {
    const { state, changes } = absorb(this.current, event, payload, this.me);
    this.current = state;
    for (const change of changes) this.tell(change);
  }

  /**
   * A broadside/2 `state` frame: the whole view, taken in seq order. Answers whether it was taken
   * and whether the client should join again to catch up (a gap, or a frame older than the last).
   */
  takeFrame(raw: unknown): { readonly taken: boolean; readonly resync: boolean } {
    const parsed = StateFrameSchema.safeParse(raw);
    if (!parsed.success) return { taken: false, resync: false };
    const frame: StateFrame = parsed.data;
    const verdict = this.frames.judge(frame.seq);
    if (verdict === 'stale') return { taken: false, resync: true };
    if (verdict === 'duplicate') return { taken: false, resync: false };
    this.current = absorbView(this.current, frame.view);
    this.tell('state');
    return { taken: true, resync: verdict === 'gap' };
  }

  /** A join was answered: the next frame is the room as it is now, whatever its seq. */
  restartFrames(): void {
    this.frames.restart();
  }

  private tell(change: StateChange): void {
    for (const listener of this.listeners) listener(this.current, change);
  }
}
