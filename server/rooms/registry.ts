import type { Store } from '../db/store';
import type { MaybePromise } from '../util/maybe-promise';
import { Room } from './room';
import { randomSlug } from './slug';

/** Rooms in memory, loaded from storage on first use and dropped when idle. */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();

  constructor(private readonly store: Store) {}

  /** Creates a room with a fresh unique slug. */
  async create(userId: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const slug = randomSlug(Math.floor(attempt / 5));
      if (await this.store.createRoom(slug, userId)) return slug;
    }
    throw new Error('could not find a free room name');
  }

  /** The room, at once when it is in memory, or null when no room has that name. Concurrent loads are shared. */
  get(slug: string): MaybePromise<Room | null> {
    const live = this.rooms.get(slug);
    if (live) return live;
    const inFlight = this.loading.get(slug);
    if (inFlight) return inFlight;
    const load = this.store
      .loadRoom(slug)
      .then((stored) => {
        if (!stored) return null;
        const room = this.rooms.get(slug) ?? new Room(slug, stored);
        this.rooms.set(slug, room);
        return room;
      })
      .finally(() => this.loading.delete(slug));
    this.loading.set(slug, load);
    return load;
  }

  /** Forgets the room if nobody uses it; storage keeps everything. */
  release(room: Room): void {
    if (room.idle && this.rooms.get(room.slug) === room) this.rooms.delete(room.slug);
  }

  get size(): number {
    return this.rooms.size;
  }
}
