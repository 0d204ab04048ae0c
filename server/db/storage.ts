import type { EndReason, GameStatus, Move, Rules, ShipMap, Shot, TurnSeconds } from '../../src/game';
import type { GameInProgress, GameRecord, HistoryEntry, PlayerRef, Title } from '../../src/protocol';
import type { RatingStore } from './rating-store';

/*
 * What the server keeps, behind one interface split by job (docs/architecture.md, "Storage"):
 * accounts, rooms with their members, the rounds played in them, ratings (rating-store.ts), the
 * history of finished games, and sessions. Implementations: SQL through Kysely on SQLite or
 * PostgreSQL (server/db/sql/), and in memory for the authority's unit tests (server/db/memory.ts);
 * every one answers the contract of tests/support/storage-contract.ts.
 */

export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  /** When the account became a bot account (docs/engines.md, "Bot accounts"); null or absent for a person. */
  readonly botSince?: number | null;
}

/** What upgrading an account to a bot did: done now, done before, or refused because it has played rated games. */
export type BotUpgrade =
  | { readonly outcome: 'UPGRADED'; readonly botSince: number }
  | { readonly outcome: 'ALREADY_BOT'; readonly botSince: number }
  | { readonly outcome: 'RATED_GAMES' }
  | { readonly outcome: 'NOT_FOUND' };

/** Finished games against people, and against the computer apart. */
export interface PlayerRecord {
  readonly gamesPlayed: number;
  readonly gamesWon: number;
  readonly computerGamesPlayed: number;
  readonly computerGamesWon: number;
}

/** One move of a round, in order, with when it was made: a shot, or a turn the clock passed. */
export type StoredMove = Move & { readonly at: number };

export interface StoredRoom {
  readonly slug: string;
  readonly status: GameStatus;
  /** When the room was made (epoch ms); absent from stores of older shape. */
  readonly createdAt?: number;
  /** Listed among the open games while it waits for a second player. */
  readonly isPublic?: boolean;
  readonly turnSeconds: TurnSeconds | null;
  /** The rules the room was created with (classic for rooms made before variants). */
  readonly rules: Rules;
  /** `title` BOT for a bot account (absent for a person). */
  readonly members: readonly { readonly userId: string; readonly username: string; readonly title?: Title | null }[];
  /** The current round, absent before the first start. */
  readonly game: {
    readonly id: number;
    readonly round: number;
    readonly firstPlayer: string | null;
    readonly winner: string | null;
    readonly endReason: EndReason | null;
    /** When the first turn began; null before both fleets were in. */
    readonly playStartedAt: number | null;
    /** Who started (or replayed into) this round. */
    readonly startedBy: string | null;
    readonly fleets: Readonly<Record<string, ShipMap>>;
    readonly moves: readonly StoredMove[];
  } | null;
}

export interface RoomOptions {
  readonly isPublic?: boolean;
  readonly turnSeconds?: TurnSeconds | null;
  /** Classic when absent. */
  readonly rules?: Rules;
}

/** Accounts: sign-up, login, and a player's record of finished games. */
export interface UserStore {
  /** Inserts a user unless the username or e-mail (case-insensitive) is taken. */
  createUser(user: UserRow): Promise<'OK' | 'USERNAME_TAKEN' | 'EMAIL_TAKEN'>;
  findUserByEmail(email: string): Promise<UserRow | null>;
  findUserById(id: string): Promise<UserRow | null>;
  /** Finished rounds the user played, and those won, against people and the computer apart. */
  record(userId: string): Promise<PlayerRecord>;
  /**
   * Marks the account a bot account, for good, unless it has a rated game (in the same transaction,
   * so a game rated meanwhile cannot slip through); an account that is a bot already stays as it was.
   */
  upgradeToBot(userId: string, now?: number): Promise<BotUpgrade>;
}

/** Rooms and who sits in them. */
export interface RoomStore {
  /** False when the slug is taken. */
  createRoom(slug: string, userId: string, options?: RoomOptions): Promise<boolean>;
  /** The room with its members and its current round, or null when no room has that name. */
  loadRoom(slug: string): Promise<StoredRoom | null>;
  /** The rooms `userId` is a member of that have not ENDED, most recently changed first. */
  gamesInProgress(userId: string): Promise<GameInProgress[]>;
  /** Rooms in PLAY with a turn clock: their deadlines must fire even if nobody comes back. */
  roomsWithRunningClock(): Promise<string[]>;
  addMember(slug: string, userId: string, position: number): Promise<void>;
  /** Takes a member out of a room (leaving before the game started). */
  removeMember(slug: string, userId: string): Promise<void>;
  /**
   * An operator closes the room (016): kept with when and why, never loaded again, out of the
   * players' games in progress. NOT_FOUND for no such room, ALREADY_CLOSED for a closed one.
   */
  closeRoom(slug: string, reason: string, at?: number): Promise<'CLOSED' | 'ALREADY_CLOSED' | 'NOT_FOUND'>;
}

/** A fleet to save (or replace); when `firstPlayer` is given play starts, at `playStartedAt` (now by default). */
export interface FleetWrite {
  readonly slug: string;
  readonly gameId: number;
  readonly userId: string;
  readonly fleet: ShipMap;
  readonly firstPlayer: string | null;
  readonly playStartedAt?: number;
}

/** A shot to record; the winning one (`winner` set) also closes the round. `at`: now by default. */
export interface ShotWrite {
  readonly slug: string;
  readonly gameId: number;
  readonly seq: number;
  readonly shot: Shot;
  readonly winner: string | null;
  readonly at?: number;
}

/**
 * A salvo to record (docs/game.md, "Rule variants"): its shots numbered `seq`, `seq + 1`, … in the
 * order fired, stored all or none (one number taken fails the whole move); `winner` as in ShotWrite.
 */
export interface SalvoWrite extends Omit<ShotWrite, 'shot'> {
  readonly shots: readonly Shot[];
}

/** A turn the clock passed at `deadline`; when it was the last allowed, `winner` wins by CLOCK. */
export interface TimeoutWrite {
  readonly slug: string;
  readonly gameId: number;
  readonly seq: number;
  readonly playerId: string;
  readonly deadline: number;
  readonly winner: string | null;
}

/** A round that ends: who won and how. */
export interface RoundEnd {
  readonly winner: string;
  readonly reason: EndReason;
}

/**
 * The rounds played in a room. A move's (game, seq) key is unique: a second write of the same
 * move number fails with a unique violation (conflict.ts), how the database arbitrates between two
 * nodes that both believe they play a room.
 */
export interface RoundStore {
  /** Opens a new round (start or replay, by `startedBy`) and moves the room to PLACE_SHIPS. */
  startRound(slug: string, round: number, startedBy?: string | null): Promise<number>;
  /** Saves (or replaces) a fleet, and starts play when the write says who plays first. */
  saveFleet(write: FleetWrite): Promise<void>;
  /** Records a shot; the winning one (`winner` set) also closes the round. Settles once stored. */
  addShot(write: ShotWrite): Promise<void>;
  /** Records a salvo as one move: every shot or none. */
  addShots(write: SalvoWrite): Promise<void>;
  /** Records a turn the clock passed (its move shares the (game, seq) key with the shots). */
  addTimeout(write: TimeoutWrite): Promise<void>;
  /** Ends a round without a move: a resignation or a forfeit. */
  endGame(slug: string, gameId: number, winner: string, reason: EndReason): Promise<void>;
  /** Every shot of a round in order ('T' rows, turns the clock passed, are not shots). */
  shotsOf(gameId: number): Promise<Shot[]>;
  /** How many commits stored how many moves since the start (moves / commits = batching). */
  readonly moveCommits: { readonly commits: number; readonly shots: number };
  /** Tells `listener` how long each commit of moves took, in seconds, and how many it held (the metrics). */
  observeCommits(listener: (seconds: number, moves: number) => void): void;
}

/** A player's finished games and the record of one game (issue 14): the history pages' reads. */
export interface HistoryStore {
  /** The user as the history shows a player, or null when there is no such user. */
  user(userId: string): Promise<PlayerRef | null>;
  /** The user's finished games, newest first, one page of them, and how many there are in all. */
  finishedGames(userId: string, page: number, pageSize: number): Promise<{ total: number; games: HistoryEntry[] }>;
  /** The full record of a finished game; why not otherwise (a game ended before both fleets were in is not finished). */
  record(gameId: number): Promise<GameRecord | 'NOT_FOUND' | 'NOT_FINISHED'>;
}

/** What one identity check needs to know about a token's user, in one read. */
export interface SessionRow {
  readonly username: string;
  /** Tokens issued before this epoch ms are refused; null when the user never logged out everywhere. */
  readonly sessionsFrom: number | null;
  /** This very token was logged out. */
  readonly revoked: boolean;
  /** True for a bot account (009): every action of the session knows it without another read. */
  readonly bot?: boolean;
  /** True for an admin (011, docs/deploy.md "Moderators"), read at every check like `bot`. */
  readonly admin?: boolean;
  /** Until when the account is banned (011, epoch ms); null or absent when it is not. */
  readonly bannedUntil?: number | null;
}

/**
 * Sessions (docs/deploy.md, "Accounts and fair play"): which tokens were logged out, and since
 * when a user's older tokens are refused. Storage is the record: every node reads it, and a
 * restart forgets nothing.
 */
export interface SessionStore {
  /** The user named by a token and whether the token (by its digest) was revoked; null when the user does not exist. */
  session(userId: string, digest: string): Promise<SessionRow | null>;
  /** Records one token as logged out until `expiresAt` (a second revocation of it changes nothing). */
  revoke(digest: string, userId: string, expiresAt: number): Promise<void>;
  /** Refuses every token of the user issued before `from`. */
  revokeAll(userId: string, from: number): Promise<void>;
  /** Forgets revocations of tokens that have expired anyway (before `now`); returns how many. */
  purgeExpired(now: number): Promise<number>;
}

export interface Storage {
  readonly users: UserStore;
  readonly rooms: RoomStore;
  readonly rounds: RoundStore;
  readonly ratings: RatingStore;
  readonly history: HistoryStore;
  readonly sessions: SessionStore;
  close(): Promise<void>;
}
