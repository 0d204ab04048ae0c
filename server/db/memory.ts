import {
  CLASSIC_RULES,
  type EndReason,
  formatRules,
  type GameStatus,
  type Rules,
  type ShipMap,
  type Shot,
} from '../../src/game';
import { BOT_LEVELS } from '../../src/protocol';
import { botUserId, botUsername } from '../../src/bots/levels';
import { MemoryRatings, playedGamesIn } from './memory-ratings';
import type { RatingStore, StoredRating } from './rating-store';
import { totalRecord } from './records';
import { MemoryHistory } from './memory-history';
import { MemorySessions } from './memory-sessions';
import type {
  BotUpgrade,
  FleetWrite,
  HistoryStore,
  PlayerRecord,
  RoomOptions,
  RoomStore,
  RoundEnd,
  RoundStore,
  SalvoWrite,
  SessionStore,
  ShotWrite,
  Storage,
  StoredMove,
  StoredRoom,
  TimeoutWrite,
  UserRow,
  UserStore,
} from './storage';
import type { GameInProgress } from '../../src/protocol';

/*
 * Storage in memory, with the SQL implementations' rules (unique names, one row per (game, seq),
 * a round's end closing the room), for the authority's unit tests: no database, no I/O. Nothing
 * survives the process; not for production.
 */

export interface MemoryRoom {
  readonly slug: string;
  readonly createdAt: number;
  status: GameStatus;
  readonly isPublic: boolean;
  readonly turnSeconds: StoredRoom['turnSeconds'];
  readonly rules: Rules;
  members: { userId: string; position: number; joinedAt: number }[];
  closed?: { readonly at: number; readonly reason: string };
}

export interface MemoryGame {
  readonly id: number;
  readonly slug: string;
  readonly round: number;
  readonly startedAt: number;
  readonly startedBy: string | null;
  firstPlayer: string | null;
  playStartedAt: number | null;
  winner: string | null;
  endReason: EndReason | null;
  endedAt: number | null;
  readonly fleets: Record<string, ShipMap>;
  /** By move number (the SQL tables' unique (game_id, seq) key). */
  readonly moves: Map<number, StoredMove>;
  /** The rules as `--rules` text, the room's when the round started. */
  readonly rules: string;
  /** When the rater handled it, and why it was not rated (the SQL columns of the same names). */
  ratedAt: number | null;
  unratedReason: string | null;
}

/** A user row: `bot` for a computer player, `botSince` for a bot account. */
export type MemoryUser = UserRow & { readonly bot: boolean; botSince: number | null };

/** The error a unique key gives, as conflict.ts recognises it (PostgreSQL's SQLSTATE). */
function uniqueViolation(what: string): Error {
  return Object.assign(new Error(`duplicate key: ${what}`), { code: '23505' });
}

/** The tables every part reads. */
export class Tables {
  readonly users = new Map<string, MemoryUser>();
  readonly rooms = new Map<string, MemoryRoom>();
  readonly games = new Map<number, MemoryGame>();
  /** Since when each user's older tokens are refused (logged out everywhere). */
  readonly sessionsFrom = new Map<string, number>();
  /** Logged-out tokens by digest. */
  readonly revoked = new Map<string, { readonly userId: string; readonly expiresAt: number }>();
  nextGameId = 1;
  /** Ratings by `${userId} ${rules}`, what each rated game did, and who has a rated game. */
  readonly ratings = new Map<string, StoredRating>();
  readonly gameRatings = new Map<number, Map<string, { before: number; after: number }>>();
  readonly ratedUsers = new Set<string>();

  constructor() {
    // Computer players are users like people (migration 003).
    for (const level of BOT_LEVELS) {
      const id = botUserId(level);
      this.users.set(id, {
        id,
        username: botUsername(level),
        email: `${id}@computer.invalid`,
        passwordHash: '!',
        bot: true,
        botSince: null,
      });
    }
  }

  room(slug: string): MemoryRoom {
    const room = this.rooms.get(slug);
    if (!room) throw new Error(`no room ${slug}`);
    return room;
  }

  game(gameId: number): MemoryGame {
    const game = this.games.get(gameId);
    if (!game) throw new Error(`no game ${gameId}`);
    return game;
  }

  /** The room's latest round. */
  current(slug: string): MemoryGame | undefined {
    let latest: MemoryGame | undefined;
    for (const g of this.games.values()) if (g.slug === slug && (!latest || g.round > latest.round)) latest = g;
    return latest;
  }

  close(game: MemoryGame, end: RoundEnd, at: number): void {
    game.winner = end.winner;
    game.endReason = end.reason;
    game.endedAt = at;
    this.room(game.slug).status = 'ENDED';
  }
}

class MemoryUsers implements UserStore {
  constructor(private readonly t: Tables) {}

  async createUser(user: UserRow): Promise<'OK' | 'USERNAME_TAKEN' | 'EMAIL_TAKEN'> {
    const email = user.email.toLowerCase();
    for (const u of this.t.users.values()) {
      if (u.email === email) return 'EMAIL_TAKEN';
      if (u.username.toLowerCase() === user.username.toLowerCase()) return 'USERNAME_TAKEN';
    }
    this.t.users.set(user.id, { ...user, email, bot: false, botSince: user.botSince ?? null });
    return 'OK';
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const lower = email.toLowerCase();
    return [...this.t.users.values()].find((u) => u.email === lower) ?? null;
  }

  async findUserById(id: string): Promise<UserRow | null> {
    return this.t.users.get(id) ?? null;
  }

  async upgradeToBot(userId: string, now = Date.now()): Promise<BotUpgrade> {
    const user = this.t.users.get(userId);
    if (!user) return { outcome: 'NOT_FOUND' };
    if (user.botSince !== null) return { outcome: 'ALREADY_BOT', botSince: user.botSince };
    if (this.t.ratedUsers.has(userId)) return { outcome: 'RATED_GAMES' };
    user.botSince = now;
    return { outcome: 'UPGRADED', botSince: now };
  }

  async record(userId: string): Promise<PlayerRecord> {
    return totalRecord(playedGamesIn(this.t, userId));
  }
}

class MemoryRooms implements RoomStore {
  constructor(private readonly t: Tables) {}

  async createRoom(slug: string, _userId: string, options: RoomOptions = {}): Promise<boolean> {
    if (this.t.rooms.has(slug)) return false;
    this.t.rooms.set(slug, {
      slug,
      createdAt: Date.now(),
      status: 'UNSTARTED',
      isPublic: options.isPublic ?? false,
      turnSeconds: options.turnSeconds ?? null,
      rules: options.rules ?? CLASSIC_RULES,
      members: [],
    });
    return true;
  }

  async loadRoom(slug: string): Promise<StoredRoom | null> {
    const room = this.t.rooms.get(slug);
    if (!room || room.closed) return null;
    const members = [...room.members]
      .sort((a, b) => a.position - b.position || a.joinedAt - b.joinedAt)
      .map((m) => {
        const user = this.t.users.get(m.userId);
        const named = { userId: m.userId, username: user?.username ?? m.userId };
        return user?.botSince == null ? named : { ...named, title: 'BOT' as const };
      });
    const game = this.t.current(slug);
    const base = {
      slug,
      status: room.status,
      createdAt: room.createdAt,
      isPublic: room.isPublic,
      turnSeconds: room.turnSeconds,
      rules: room.rules,
      members,
    };
    if (!game) return { ...base, game: null };
    return {
      ...base,
      game: {
        id: game.id,
        round: game.round,
        firstPlayer: game.firstPlayer,
        winner: game.winner,
        endReason: game.endReason,
        playStartedAt: game.playStartedAt,
        startedBy: game.startedBy,
        fleets: { ...game.fleets },
        moves: [...game.moves.entries()].sort(([a], [b]) => a - b).map(([, move]) => move),
      },
    };
  }

  async gamesInProgress(userId: string): Promise<GameInProgress[]> {
    const out: GameInProgress[] = [];
    for (const room of this.t.rooms.values()) {
      const me = room.members.find((m) => m.userId === userId);
      if (!me || room.status === 'ENDED' || room.closed) continue;
      const other = room.members.find((m) => m.userId !== userId);
      const game = this.t.current(room.slug);
      const lastMove = game ? Math.max(0, ...[...game.moves.values()].map((m) => m.at)) : 0;
      const updatedAt = Math.max(room.createdAt, me.joinedAt, other?.joinedAt ?? 0, game?.startedAt ?? 0, lastMove);
      const username = other && this.t.users.get(other.userId)?.username;
      const opponent = other && username ? { userId: other.userId, username } : null;
      out.push({ slug: room.slug, status: room.status, opponent, updatedAt });
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt || a.slug.localeCompare(b.slug));
  }

  async roomsWithRunningClock(): Promise<string[]> {
    return [...this.t.rooms.values()]
      .filter((r) => r.status === 'PLAY' && r.turnSeconds !== null && !r.closed)
      .map((r) => r.slug);
  }

  async closeRoom(slug: string, reason: string, at = Date.now()): Promise<'CLOSED' | 'ALREADY_CLOSED' | 'NOT_FOUND'> {
    const room = this.t.rooms.get(slug);
    if (!room) return 'NOT_FOUND';
    if (room.closed) return 'ALREADY_CLOSED';
    room.closed = { at, reason };
    return 'CLOSED';
  }

  async addMember(slug: string, userId: string, position: number): Promise<void> {
    const room = this.t.room(slug);
    if (!room.members.some((m) => m.userId === userId)) room.members.push({ userId, position, joinedAt: Date.now() });
  }

  async removeMember(slug: string, userId: string): Promise<void> {
    const room = this.t.room(slug);
    room.members = room.members.filter((m) => m.userId !== userId);
  }
}

class MemoryRounds implements RoundStore {
  private commits = 0;
  private shots = 0;

  constructor(private readonly t: Tables) {}

  async startRound(slug: string, round: number, startedBy: string | null = null): Promise<number> {
    const room = this.t.room(slug);
    const id = this.t.nextGameId++;
    this.t.games.set(id, {
      id,
      slug,
      round,
      startedAt: Date.now(),
      startedBy,
      firstPlayer: null,
      playStartedAt: null,
      winner: null,
      endReason: null,
      endedAt: null,
      fleets: {},
      moves: new Map(),
      rules: formatRules(room.rules),
      ratedAt: null,
      unratedReason: null,
    });
    room.status = 'PLACE_SHIPS';
    return id;
  }

  async saveFleet({ slug, gameId, userId, fleet, firstPlayer, playStartedAt = Date.now() }: FleetWrite): Promise<void> {
    const game = this.t.game(gameId);
    game.fleets[userId] = fleet;
    if (firstPlayer === null) return;
    game.firstPlayer = firstPlayer;
    game.playStartedAt = playStartedAt;
    this.t.room(slug).status = 'PLAY';
  }

  addShot({ shot, ...write }: ShotWrite): Promise<void> {
    return this.addShots({ ...write, shots: [shot] });
  }

  addShots({ gameId, seq, shots, winner, at = Date.now() }: SalvoWrite): Promise<void> {
    const moves = shots.map((shot): StoredMove => ({ kind: 'shot', shot, at }));
    return this.addMoves(gameId, seq, moves, winner === null ? null : { winner, reason: 'SUNK' });
  }

  addTimeout({ gameId, seq, playerId, deadline, winner }: TimeoutWrite): Promise<void> {
    const move: StoredMove = { kind: 'timeout', playerId, at: deadline };
    return this.addMoves(gameId, seq, [move], winner === null ? null : { winner, reason: 'CLOCK' });
  }

  /** Stores the rows of one move numbered from `seq`, all or none, as the SQL stores do. */
  private async addMoves(
    gameId: number,
    seq: number,
    moves: readonly StoredMove[],
    end: RoundEnd | null,
  ): Promise<void> {
    const game = this.t.game(gameId);
    for (let i = 0; i < moves.length; i++)
      if (game.moves.has(seq + i)) throw uniqueViolation(`shots (game_id, seq) = (${gameId}, ${seq + i})`);
    for (const [i, move] of moves.entries()) game.moves.set(seq + i, move);
    if (end !== null) this.t.close(game, end, Date.now());
    this.commits++;
    this.shots += moves.length;
  }

  get moveCommits(): { commits: number; shots: number } {
    return { commits: this.commits, shots: this.shots };
  }

  /** Nothing to time in memory. */
  observeCommits(): void {}

  async endGame(_slug: string, gameId: number, winner: string, reason: EndReason): Promise<void> {
    this.t.close(this.t.game(gameId), { winner, reason }, Date.now());
  }

  async shotsOf(gameId: number): Promise<Shot[]> {
    const game = this.t.games.get(gameId);
    if (!game) return [];
    return [...game.moves.entries()].sort(([a], [b]) => a - b).flatMap(([, m]) => (m.kind === 'shot' ? [m.shot] : []));
  }
}

/** Every part of the storage over one set of in-memory tables. */
export class MemoryStorage implements Storage {
  private readonly tables = new Tables();
  readonly users: UserStore = new MemoryUsers(this.tables);
  readonly rooms: RoomStore = new MemoryRooms(this.tables);
  readonly rounds: RoundStore = new MemoryRounds(this.tables);
  readonly ratings: RatingStore = new MemoryRatings(this.tables);
  readonly history: HistoryStore = new MemoryHistory(this.tables);
  readonly sessions: SessionStore = new MemorySessions(this.tables);

  async close(): Promise<void> {}
}
