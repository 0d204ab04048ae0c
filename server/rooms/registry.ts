import type { RoomOptions, Storage } from '../db/storage';
import { type ClockSettings, DEFAULT_CLOCK, Room } from './room';
import { randomSlug } from './slug';

/** Rooms in memory, loaded from storage on first use and dropped when idle. */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();
  /** Called once for each room brought into memory (computer seats reattach, open games watch). */
  readonly onLoad = new Set<(room: Room) => void>();
  /** Called for each room that leaves memory. */
  readonly onRelease = new Set<(room: Room) => void>();
  /**
   * Called for each room forgotten while in use (another node plays it now, or it is reloaded): its
   * copy is no authority any more, so whatever acts on it in this process (a computer seat) stops.
   */
  readonly onEvict = new Set<(room: Room) => void>();

  constructor(
    private readonly store: Storage,
    private readonly clock: ClockSettings = DEFAULT_CLOCK,
  ) {}

  /**
   * Creates a room with a fresh unique slug; a public one is listed among the open games, and one
   * with `turnSeconds` has a turn clock.
   */
  async create(userId: string, options: RoomOptions = {}): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const slug = randomSlug(Math.floor(attempt / 5));
      if (await this.store.rooms.createRoom(slug, userId, options)) return slug;
    }
    throw new Error('could not find a free room name');
  }

  /** The room, from memory or storage, or null when no room has that name. Concurrent loads are shared. */
  get(slug: string): Promise<Room | null> {
    const live = this.rooms.get(slug);
    if (live) return Promise.resolve(live);
    const inFlight = this.loading.get(slug);
    if (inFlight) return inFlight;
    const load: Promise<Room | null> = this.store.rooms.loadRoom(slug).then((stored) => {
      // An eviction of this room overtook the load, which may have read an older state: load again,
      // so that every caller gets the one copy the registry keeps.
      if (this.loading.get(slug) !== load) return this.get(slug);
      this.loading.delete(slug);
      if (!stored) return null;
      const known = this.rooms.get(slug);
      if (known) return known;
      const room = new Room(slug, stored, this.clock);
      this.rooms.set(slug, room);
      for (const hook of this.onLoad) hook(room);
      return room;
    });
    load.catch(() => {
      if (this.loading.get(slug) === load) this.loading.delete(slug);
    });
    this.loading.set(slug, load);
    return load;
  }

  /** The room if this node has it in memory, without loading it. */
  peek(slug: string): Room | undefined {
    return this.rooms.get(slug);
  }

  /** Forgets the room if nobody uses it and no deadline is pending; storage keeps everything. */
  release(room: Room): void {
    if (room.idle && this.rooms.get(room.slug) === room) {
      this.rooms.delete(room.slug);
      for (const hook of this.onRelease) hook(room);
    }
  }

  /** Loads every room whose turn clock is running, so their deadlines fire after a restart. */
  async resumeClocks(): Promise<number> {
    const slugs = await this.store.rooms.roomsWithRunningClock();
    for (const slug of slugs) {
      const room = await this.get(slug);
      if (room) this.release(room);
    }
    return slugs.length;
  }

  /** Stops every timer (server shutdown). */
  stop(): void {
    for (const room of this.rooms.values()) room.timers.clearAll();
  }

  /**
   * Forgets the room even if in use (another node plays it now, or this node reloads it): its timers
   * stop, and the next use loads it from storage.
   */
  evict(slug: string): void {
    const room = this.rooms.get(slug);
    this.rooms.delete(slug);
    this.loading.delete(slug);
    if (!room) return;
    room.timers.clearAll();
    for (const hook of this.onEvict) hook(room);
  }

  /**
   * Forgets a room for good (an operator closed it): like `evict`, and like a release its lease and
   * timers go (the onRelease hooks run), whether or not it was in use.
   */
  remove(slug: string): void {
    const room = this.rooms.get(slug);
    this.evict(slug);
    if (room) for (const hook of this.onRelease) hook(room);
  }

  get size(): number {
    return this.rooms.size;
  }

  /** The rooms in memory (metrics, the operator's console, the drain). */
  values(): IterableIterator<Room> {
    return this.rooms.values();
  }
}
