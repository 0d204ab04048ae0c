/*
 * Which broadside/2 `state` frames a client takes (docs/protocol.md, "broadside/2"): `seq` grows by
 * one with every change of the room, so the next frame is the last one's seq + 1. Pure, so the
 * client and its tests share it.
 */

/**
 * What to do with a frame: `apply` it; `gap`: it is newer than the next one expected (frames were
 * missed), apply it, since it is the whole view, and ask again; `stale`: it is not newer than the
 * last one taken, ignore it (and ask again when it is older: the room may have been loaded anew
 * elsewhere, its seq starting over).
 */
export type FrameVerdict = 'apply' | 'gap' | 'stale' | 'duplicate';

export class SeqGuard {
  private last: number | null = null;

  /** The seq of the last frame taken, or null before the first (or after a join was answered). */
  get seq(): number | null {
    return this.last;
  }

  /**
   * Takes the next frame as a new start, whatever its seq: a join was answered, and the frame that
   * follows is the room's state as it is now (a room loaded anew counts from 0 again).
   */
  restart(): void {
    this.last = null;
  }

  judge(seq: number): FrameVerdict {
    const last = this.last;
    if (last !== null && seq === last) return 'duplicate';
    if (last !== null && seq < last) return 'stale';
    this.last = seq;
    return last === null || seq === last + 1 ? 'apply' : 'gap';
  }
}
