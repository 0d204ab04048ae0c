import type { ColumnType, Generated, Kysely } from 'kysely';
import { Migrator } from 'kysely';
import { MIGRATIONS } from './migrations';

/** Tables. A "game" is one round in a room: placement then play; replay starts a new one. */
export interface Database {
  users: {
    id: string;
    username: string;
    email: string;
    password_hash: string;
    created_at: number;
    /** The level of a computer player (issue 12), null for a person; only migration 003 writes it. */
    bot_level: ColumnType<string | null, string | null | undefined, string | null>;
    /** Tokens issued before this epoch ms are refused ("log out everywhere", 007); null: none. */
    sessions_from: ColumnType<number | null, number | null | undefined, number | null>;
    /** When the account was upgraded to a bot account (009), null for a person; never reset. */
    bot_since: ColumnType<number | null, number | null | undefined, number | null>;
    /** `player` or `admin` (011; docs/deploy.md, "Moderators"). */
    role: Generated<string>;
    /** A banned account's ban end (epoch ms, BAN_FOREVER for none), null when not banned (011). */
    banned_until: ColumnType<number | null, number | null | undefined, number | null>;
    ban_reason: ColumnType<string | null, string | null | undefined, string | null>;
    /** An admin's mute: the account may not talk (chat, messages) until then (011). */
    muted_until: ColumnType<number | null, number | null | undefined, number | null>;
    /** When the account was deleted (014): the row stays as a tombstone of its games; null for a live account. */
    deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
    /** Who may challenge the account: `everyone`, `friends` or `nobody` (013). */
    challenges_from: Generated<string>;
  };
  /** "Forgot your password?" links (014), by the SHA-256 of their token, each used at most once. */
  password_resets: {
    token_digest: string;
    user_id: string;
    created_at: number;
    expires_at: number;
  };
  /** One player blocking another (011): nothing passes between the two, either way. */
  blocks: {
    user_id: string;
    blocked_id: string;
    created_at: number;
  };
  /** Every line said in a room's chat (012; docs/protocol.md, "Chat"): a text or a quick-message code. */
  chat_lines: {
    id: Generated<number>;
    room_slug: string;
    /** The round it was said in; null before the room's first round. */
    game_id: number | null;
    user_id: string;
    /** `players` or `spectators`. */
    channel: string;
    text: string | null;
    quick: string | null;
    at: number;
  };
  /** A player muting another (012): one-sided, remembered; the muted player's lines are not shown to the first. */
  chat_mutes: {
    user_id: string;
    muted_id: string;
    created_at: number;
  };
  /** Reports of a player or a line (012), with the transcript as it was, until a moderator closes them. */
  reports: {
    id: Generated<number>;
    at: number;
    reporter_id: string;
    reporter_name: string;
    target_id: string;
    target_name: string;
    category: string;
    note: string | null;
    /** `room`, `conversation` or `player`. */
    context: string;
    room_slug: string | null;
    game_id: number | null;
    line_id: string | null;
    /** JSON: the transcript's lines (src/protocol/chat.ts, TranscriptLine). */
    transcript: string;
    status: Generated<string>;
    resolved_at: number | null;
    resolved_by_id: string | null;
    resolved_by_name: string | null;
    resolution: string | null;
  };
  /** Friendships, one row per side (013): `friend_id` is a friend of `user_id`. */
  friendships: {
    user_id: string;
    friend_id: string;
    created_at: number;
  };
  /** A friend request waiting for its receiver (013). */
  friend_requests: {
    id: string;
    sender_id: string;
    receiver_id: string;
    created_at: number;
  };
  /** Direct messages between two players (013); `deleted` 1 once its author deleted it. */
  direct_messages: {
    id: string;
    sender_id: string;
    receiver_id: string;
    message: string;
    deleted: Generated<number>;
    created_at: number;
    edited_at: number | null;
    read_at: number | null;
  };
  /** Challenges (013): pending for 60 s, then accepted (with its room), declined, cancelled or expired. */
  challenges: {
    id: string;
    challenger_id: string;
    challenged_id: string;
    /** The rules as JSON (src/game rules). */
    rules: string;
    turn_seconds: number | null;
    created_at: number;
    expires_at: number;
    status: string;
    reason: string | null;
    room_slug: string | null;
  };
  /** Every moderator or operator action (011; docs/deploy.md, "Audit log"). */
  audit_log: {
    id: Generated<number>;
    at: number;
    /** Null for the operator from the command line, or the server itself. */
    actor_id: string | null;
    actor_name: string;
    action: string;
    target_user_id: string | null;
    target_name: string | null;
    target_room: string | null;
    reason: string | null;
    /** JSON text of anything else the action records. */
    details: string | null;
  };
  rooms: {
    slug: string;
    created_by: string;
    created_at: number;
    status: string;
    /** 1 when the room is listed among the open games (issue 12). */
    is_public: Generated<number>;
    /** The turn clock of every round, 30 or 60 seconds; null for none. */
    turn_seconds: number | null;
    /** The room's rules as `--rules` text (008; docs/game.md, "Rule variants"). */
    rules: Generated<string>;
    /** When an operator closed the room, and why (016); null while open. A closed room is never loaded. */
    closed_at: ColumnType<number | null, number | null | undefined, number | null>;
    closed_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  members: {
    room_slug: string;
    user_id: string;
    position: number;
    joined_at: number;
  };
  games: {
    id: Generated<number>;
    room_slug: string;
    round: number;
    started_at: number;
    first_player: string | null;
    winner_id: string | null;
    ended_at: number | null;
    /** When the rater handled this finished game (004). */
    rated_at: number | null;
    /** SUNK, RESIGN, FORFEIT or CLOCK once ended (null on rounds ended before it was recorded: SUNK). */
    end_reason: string | null;
    /** When both fleets were in and the first turn began. */
    play_started_at: number | null;
    /** The member whose start or replay opened the round. */
    started_by: string | null;
    /** Why this finished game was not rated (007): NOT_PLAYED, PAIR_LIMIT; null when rated or not handled. */
    unrated_reason: ColumnType<string | null, string | null | undefined, string | null>;
    /** The rules this game was played under, as `--rules` text (008). */
    rules: Generated<string>;
  };
  fleets: {
    game_id: number;
    user_id: string;
    ships: string;
  };
  /** Each rated player's Glicko-2 figures (004), one row per set of rules played rated (010). */
  ratings: {
    user_id: string;
    /** The rules as `--rules` text, as `games.rules` has them. */
    rules: string;
    rating: number;
    rd: number;
    vol: number;
    games: number;
    wins: number;
    updated_at: number;
  };
  /** What each rated game did to both players' ratings (004). */
  game_ratings: {
    game_id: number;
    user_id: string;
    rating_before: number;
    rating_after: number;
  };
  /** Tokens logged out one by one (007), by digest, until they would have expired anyway. */
  revoked_tokens: {
    token_digest: string;
    user_id: string;
    expires_at: number;
  };
  /** A finished game's analysis (015; docs/analysis.md), computed once: the whole of it as JSON. */
  analyses: {
    game_id: number;
    /** What graded the moves: `broadside` and the engine's version (`broadside/1`). */
    engine: string;
    body: string;
    created_at: number;
    compute_ms: number;
  };
  /** Each player's figures of an analysed game (015), for a profile's insights. */
  analysis_players: {
    game_id: number;
    user_id: string;
    accuracy: number | null;
    luck: number;
    moves: number;
    shots: number;
    hits: number;
    expected_hits: number;
  };
  shots: {
    game_id: number;
    seq: number;
    shooter_id: string;
    x: number;
    y: number;
    /** M, H or D for a shot; T for a turn the clock passed (x = y = -1, shooter_id = who missed it). */
    result: string;
    /** For a T row, the deadline that passed: the next turn's clock runs from there. */
    created_at: number;
  };
}

/**
 * Brings the database to the latest version with Kysely's migrator. The migrations live in
 * ./migrations, one file each, registered in ./migrations/index.ts; both SQLite and PostgreSQL
 * run the same ones.
 */
export async function migrate(db: Kysely<Database>): Promise<void> {
  // Numbers are reserved per change (002 lifecycle, 003 bots, …) and land in any order: a database
  // that already ran 005 must still accept 002 when it arrives.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
