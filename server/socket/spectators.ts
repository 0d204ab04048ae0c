import { type SpectatorFrame, watchChannel } from '../../src/protocol';
import type { BoardViews } from '../rooms/board-views';
import type { Room } from '../rooms/room';
import { spectatorFrame } from '../rooms/views';
import type { RoomNamespace } from './types';

type Frame = Omit<SpectatorFrame, 'spectators'>;

/**
 * Spectators of every room (issue 14). A change of a room computes its spectator frame once,
 * whatever the audience, and sends it with one emit to the room's watch channel; spectators who
 * arrive between two changes get the frame already computed. `computations` counts the frames
 * computed, so a test can check that watching costs one view per change, not one per spectator.
 */
export class SpectatorFeed {
  computations = 0;
  private readonly frames = new WeakMap<Room, Frame>();

  constructor(private readonly nsp: RoomNamespace) {}

  private frame(room: Room, boards?: BoardViews): Frame {
    let frame = this.frames.get(room);
    if (!frame) {
      frame = spectatorFrame(room, boards);
      this.computations++;
      this.frames.set(room, frame);
    }
    return frame;
  }

  /**
   * The room changed: its spectators, if any, get the new frame, cut from the boards' views the
   * change's member frames already made (`boards`, server/rooms/board-views.ts), not made again.
   */
  changed(room: Room, boards?: BoardViews): void {
    this.frames.delete(room);
    if (room.spectators === 0) return;
    this.nsp.to(watchChannel(room.slug)).emit('spectate', { ...this.frame(room, boards), spectators: room.spectators });
  }

  /**
   * Counts one more spectator (the socket `socketId`, on this node or another, already in the
   * room's watch channel); returns the frame to acknowledge with.
   */
  watch(room: Room, socketId: string): SpectatorFrame {
    room.spectators += 1;
    this.audienceChanged(room, socketId);
    return { ...this.frame(room), spectators: room.spectators };
  }

  /** Counts one spectator less. */
  unwatch(room: Room): void {
    room.spectators = Math.max(0, room.spectators - 1);
    this.audienceChanged(room, null);
  }

  /** Tells the other spectators how many watch now (a count, not a view). */
  private audienceChanged(room: Room, except: string | null): void {
    const target = this.nsp.to(watchChannel(room.slug));
    (except ? target.except(except) : target).emit('spectators', room.spectators);
  }
}

const feeds = new WeakMap<RoomNamespace, SpectatorFeed>();

/** The namespace's spectator feed, created on first use: publish() reaches it through the namespace. */
export function spectatorFeed(nsp: RoomNamespace): SpectatorFeed {
  let feed = feeds.get(nsp);
  if (!feed) {
    feed = new SpectatorFeed(nsp);
    feeds.set(nsp, feed);
  }
  return feed;
}
