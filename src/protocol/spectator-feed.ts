import type { SpectatorFrame } from './spectators';

export type FrameListener = (frame: SpectatorFrame) => void;

/**
 * What a spectator has been shown of one room: the last frame and the audience count, told to its
 * listeners. The ack of watchRoom and the events after it can be read in either order; this keeps
 * the newer.
 */
export class SpectatorFeed {
  private last: SpectatorFrame | null = null;
  /** `spectate` events taken so far: an ack older than one of them is not shown. */
  private seen = 0;
  private audience: number | null = null;
  private readonly listeners = new Set<FrameListener>();

  /** The last frame received while watching, or null. */
  get frame(): SpectatorFrame | null {
    return this.last;
  }

  /** Calls `listener` with every frame (and audience change); returns the unsubscribe function. */
  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A `spectate` event. */
  takeFrame(frame: SpectatorFrame): void {
    this.seen++;
    this.show(frame);
  }

  /** A `spectators` event: the audience count changed. */
  takeAudience(count: number): void {
    this.audience = count;
    if (this.last) this.show({ ...this.last, spectators: count });
  }

  /** A watchRoom is about to be sent; returns the mark its answer is given back with. */
  asking(): number {
    this.audience = null;
    return this.seen;
  }

  /**
   * The watchRoom ack: shown unless a frame sent after it was read first, and never with an older
   * audience count than one that came as an event.
   */
  answered(frame: SpectatorFrame, mark: number): void {
    if (this.seen === mark) this.show({ ...frame, spectators: this.audience ?? frame.spectators });
  }

  private show(frame: SpectatorFrame): void {
    this.last = frame;
    for (const listener of this.listeners) listener(frame);
  }
}
