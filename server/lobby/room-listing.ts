import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import type { ListedRoom, ListingBoard } from './listing-board';

/** Which rooms a list holds and what it says of each. */
export interface ListingRule<T extends ListedRoom> {
  /** Whether a room loaded on this node may ever be listed (its changes are followed only then). */
  readonly follows: (room: Room) => boolean;
  /** Whether the room belongs in the list now. */
  readonly lists: (room: Room) => boolean;
  /** The room's entry; `known` is its entry so far (a room loaded again keeps its place). */
  readonly entry: (room: Room, known: T | undefined) => T;
  /** Whether an entry shown so far must be written again (what it shows changed). */
  readonly changed?: (known: T, room: Room) => boolean;
}

/**
 * A list of rooms (the open games, the live games), kept up to date from the rooms' own changes
 * (every publish) and written to the board every node reads (in memory, or Redis with several
 * nodes). `onChange` is called once per burst of changes, after the board has them. Only rooms this
 * node plays are listed by it: the room's sockets are where the room is played. A change writes to
 * the board only when the room enters or leaves the list, or its entry changes.
 */
export class RoomListing<T extends ListedRoom> {
  private readonly listed = new Map<string, { readonly room: Room; readonly entry: T }>();
  private writes: Promise<void> = Promise.resolve();
  private announced = true;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly registry: RoomRegistry,
    private readonly board: ListingBoard<T>,
    private readonly rule: ListingRule<T>,
    private readonly onChange: () => void,
    private readonly onError: (error: unknown) => void,
    refreshMs: number,
  ) {
    registry.onLoad.add((room) => {
      if (!rule.follows(room)) return;
      room.changeListeners.add((changed) => this.update(changed));
      this.update(room);
    });
    this.timer = setInterval(() => this.refresh(), refreshMs);
    this.timer.unref();
  }

  private update(room: Room): void {
    const known = this.listed.get(room.slug);
    if (this.rule.lists(room)) {
      if (known?.room === room && !this.rule.changed?.(known.entry, room)) return;
      const entry = this.rule.entry(room, known?.entry);
      this.listed.set(room.slug, { room, entry });
      this.write(() => this.board.put(entry));
    } else if (known) {
      this.listed.delete(room.slug);
      this.write(() => this.board.remove(room.slug));
    }
  }

  /** Board writes in the order of the changes, then one `onChange` per burst. */
  private write(step: () => Promise<void>): void {
    this.writes = this.writes.then(step).catch(this.onError);
    if (!this.announced) return;
    this.announced = false;
    setImmediate(() => {
      this.announced = true;
      void this.writes.then(this.onChange);
    });
  }

  /**
   * Drops rooms this node no longer plays (another node took them over) and tells the board the
   * others are still listed, so that a dead node's rooms leave the list by themselves.
   */
  private refresh(): void {
    for (const [slug, { room }] of this.listed) {
      if (this.registry.peek(slug) === room && this.rule.lists(room)) continue;
      this.listed.delete(slug);
      this.write(() => this.board.remove(slug));
    }
    const entries = [...this.listed.values()].map((o) => o.entry);
    if (entries.length > 0) this.writes = this.writes.then(() => this.board.keepAlive(entries)).catch(this.onError);
  }

  /** Every node's entries, most recent first. */
  list(): Promise<T[]> {
    return this.board.list();
  }

  close(): void {
    clearInterval(this.timer);
  }
}
