import type { OpenGame } from '../../src/protocol';
import type { RoomRegistry } from '../rooms/registry';
import type { Room } from '../rooms/room';
import type { OpenGamesBoard } from './open-games-board';

/** At most this many open games are listed (the most recent). */
export const OPEN_GAMES_SHOWN = 50;

/** A public room whose only member is connected and waiting in the lobby. */
export function isOpen(room: Room): boolean {
  if (!room.isPublic || room.state.status !== 'UNSTARTED' || room.state.players.length !== 1) return false;
  const host = room.members.get(room.state.players[0] ?? '');
  return host !== undefined && host.socketId !== null;
}

/** Most recent first, at most OPEN_GAMES_SHOWN. */
export function shownOpenGames(games: Iterable<OpenGame>): OpenGame[] {
  return [...games].sort((a, b) => b.since - a.since).slice(0, OPEN_GAMES_SHOWN);
}

/**
 * The public rooms of this node waiting for a second player, kept up to date from the rooms' own
 * changes (every publish) and written to the board every node reads (in memory, or Redis with
 * several nodes). `changed` is called once per burst of changes, after the board has them. Only
 * rooms this node plays can be open here: the host's socket is where the room is played.
 */
export class OpenGames {
  private readonly open = new Map<string, { readonly room: Room; readonly game: OpenGame }>();
  private writes: Promise<void> = Promise.resolve();
  private announced = true;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly registry: RoomRegistry,
    private readonly board: OpenGamesBoard,
    private readonly changed: () => void,
    private readonly onError: (error: unknown) => void,
    refreshMs: number,
  ) {
    registry.onLoad.add((room) => {
      if (!room.isPublic) return;
      room.changeListeners.add((changed) => this.update(changed));
      this.update(room);
    });
    this.timer = setInterval(() => this.refresh(), refreshMs);
    this.timer.unref();
  }

  private update(room: Room): void {
    const known = this.open.get(room.slug);
    if (isOpen(room)) {
      if (known?.room === room) return;
      const hostId = room.state.players[0] ?? '';
      const member = room.members.get(hostId);
      const host = {
        userId: hostId,
        username: member?.username ?? '',
        ...(member?.title ? { title: member.title } : {}),
      };
      // A room loaded again (a new copy of the same room) keeps its place in the list.
      const game = { slug: room.slug, host, since: known?.game.since ?? Date.now(), rules: room.state.rules };
      this.open.set(room.slug, { room, game });
      this.write(() => this.board.put(game));
    } else if (known) {
      this.open.delete(room.slug);
      this.write(() => this.board.remove(room.slug));
    }
  }

  /** Board writes in the order of the changes, then one `changed` per burst. */
  private write(step: () => Promise<void>): void {
    this.writes = this.writes.then(step).catch(this.onError);
    if (!this.announced) return;
    this.announced = false;
    setImmediate(() => {
      this.announced = true;
      void this.writes.then(this.changed);
    });
  }

  /**
   * Drops rooms this node no longer plays (another node took them over) and tells the board the
   * others are still open, so that a dead node's games leave the list by themselves.
   */
  private refresh(): void {
    for (const [slug, { room }] of this.open) {
      if (this.registry.peek(slug) === room && isOpen(room)) continue;
      this.open.delete(slug);
      this.write(() => this.board.remove(slug));
    }
    const games = [...this.open.values()].map((o) => o.game);
    if (games.length > 0) this.writes = this.writes.then(() => this.board.keepAlive(games)).catch(this.onError);
  }

  /** Every node's open games, most recent first. */
  list(): Promise<OpenGame[]> {
    return this.board.list();
  }

  close(): void {
    clearInterval(this.timer);
  }
}
