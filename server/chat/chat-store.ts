import type { Kysely } from 'kysely';
import { GAME_STATUSES, type GameStatus } from '../../src/game';
import { type ChatChannel, type ChatLine, QUICK_MESSAGES, type QuickMessage } from '../../src/protocol';
import type { Database } from '../db/schema';

/** What the chat needs to know of a room, read from the database (the room may be played on another node). */
export interface RoomFacts {
  readonly status: GameStatus;
  /** The current round; null before the first start. */
  readonly gameId: number | null;
  /** When the room's last finished round ended (spectators' lines said before it reach the players); null for none. */
  readonly lastEndedAt: number | null;
  readonly members: readonly { readonly userId: string; readonly username: string; readonly computer: boolean }[];
}

/** A line to store: a text (cleaned already) or a quick-message code. */
export interface NewLine {
  readonly slug: string;
  readonly gameId: number | null;
  readonly from: { readonly userId: string; readonly username: string };
  readonly channel: ChatChannel;
  readonly said: { readonly text: string } | { readonly quick: QuickMessage };
  readonly at: number;
}

/** Which of a room's lines a reader may read: channels, and whose lines are hidden from it. */
export interface Reading {
  /** The reader; null for everything (a moderator's transcript). */
  readonly readerId: string | null;
  /** The players read the spectators' lines said before this time (the end of a round); null: not at all. */
  readonly spectatorsUntil: number | null;
  /** A spectator reads the spectators' lines only. */
  readonly spectator: boolean;
}

const isStatus = (s: string): s is GameStatus => (GAME_STATUSES as readonly string[]).includes(s);
const isQuick = (q: string | null): q is QuickMessage => (QUICK_MESSAGES as readonly (string | null)[]).includes(q);

interface LineRow {
  id: number;
  at: number;
  user_id: string;
  username: string;
  channel: string;
  text: string | null;
  quick: string | null;
}

function lineOf(row: LineRow): ChatLine {
  const base = {
    id: String(row.id),
    at: Number(row.at),
    from: { userId: row.user_id, username: row.username },
    channel: row.channel === 'spectators' ? ('spectators' as const) : ('players' as const),
  };
  return isQuick(row.quick) ? { ...base, quick: row.quick } : { ...base, text: row.text ?? '' };
}

/**
 * The rooms' chat lines in SQL (SQLite or PostgreSQL; migration 012). Lines are kept per room with
 * the round they were said in, so a finished game's transcript shows beside its replay. Names are
 * read from the accounts at reading time (a renamed player's lines show the new name).
 */
export class ChatStore {
  constructor(private readonly db: Kysely<Database>) {}

  async roomFacts(slug: string): Promise<RoomFacts | null> {
    const room = await this.db.selectFrom('rooms').select('status').where('slug', '=', slug).executeTakeFirst();
    if (!room || !isStatus(room.status)) return null;
    const [games, members] = await Promise.all([
      this.db
        .selectFrom('games')
        .select(['id', 'ended_at'])
        .where('room_slug', '=', slug)
        .orderBy('round', 'desc')
        .execute(),
      this.db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['users.id', 'users.username', 'users.bot_level'])
        .where('members.room_slug', '=', slug)
        .orderBy('members.position')
        .execute(),
    ]);
    const ended = games.map((g) => (g.ended_at === null ? null : Number(g.ended_at))).filter((t) => t !== null);
    return {
      status: room.status,
      gameId: games[0]?.id ?? null,
      lastEndedAt: ended.length > 0 ? Math.max(...ended) : null,
      members: members.map((m) => ({ userId: m.id, username: m.username, computer: m.bot_level !== null })),
    };
  }

  async add(line: NewLine): Promise<ChatLine> {
    const row = await this.db
      .insertInto('chat_lines')
      .values({
        room_slug: line.slug,
        game_id: line.gameId,
        user_id: line.from.userId,
        channel: line.channel,
        text: 'text' in line.said ? line.said.text : null,
        quick: 'quick' in line.said ? line.said.quick : null,
        at: line.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { id: String(row.id), at: line.at, from: { ...line.from }, channel: line.channel };
    return 'quick' in line.said ? { ...base, quick: line.said.quick } : { ...base, text: line.said.text };
  }

  /**
   * The room's latest `limit` lines `reading` may read, oldest first: never a line of a player
   * the reader muted, or of one either of them blocked.
   */
  async recent(slug: string, reading: Reading, limit: number): Promise<ChatLine[]> {
    let select = this.lines().where('chat_lines.room_slug', '=', slug);
    select = this.readable(select, reading);
    const rows = await select.orderBy('chat_lines.id', 'desc').limit(limit).execute();
    return rows.reverse().map(lineOf);
  }

  /**
   * A round's lines, oldest first: those said in it, and for the room's first round those said
   * before it began (the lobby's greetings). `reading` as for recent().
   */
  async ofGame(gameId: number, reading: Reading): Promise<{ slug: string; lines: ChatLine[] } | null> {
    const game = await this.db
      .selectFrom('games')
      .select(['room_slug', 'round'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) return null;
    const first = await this.db
      .selectFrom('games')
      .select((eb) => eb.fn.min('round').as('round'))
      .where('room_slug', '=', game.room_slug)
      .executeTakeFirst();
    const isFirst = Number(first?.round) === game.round;
    let select = this.lines()
      .where('chat_lines.room_slug', '=', game.room_slug)
      .where((eb) =>
        isFirst
          ? eb.or([eb('chat_lines.game_id', '=', gameId), eb('chat_lines.game_id', 'is', null)])
          : eb('chat_lines.game_id', '=', gameId),
      );
    select = this.readable(select, reading);
    const rows = await select.orderBy('chat_lines.id', 'asc').execute();
    return { slug: game.room_slug, lines: rows.map(lineOf) };
  }

  /** The times of a game's shots in their order (not the turns the clock passed), for the lines' moves. */
  async shotTimes(gameId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('shots')
      .select('created_at')
      .where('game_id', '=', gameId)
      .where('result', '!=', 'T')
      .orderBy('seq')
      .execute();
    return rows.map((row) => Number(row.created_at));
  }

  /** One line of a room, or null when the room has no line of that id. */
  async line(slug: string, id: string): Promise<(ChatLine & { gameId: number | null }) | null> {
    if (!/^\d{1,15}$/.test(id)) return null;
    const row = await this.lines()
      .select('chat_lines.game_id')
      .where('chat_lines.id', '=', Number(id))
      .where('chat_lines.room_slug', '=', slug)
      .executeTakeFirst();
    return row ? { ...lineOf(row), gameId: row.game_id } : null;
  }

  /** Whether `userId` said something in the room's round `gameId` (that quick message, when given). */
  async hasSaid(slug: string, userId: string, gameId: number | null, quick: QuickMessage | null): Promise<boolean> {
    let select = this.db
      .selectFrom('chat_lines')
      .select('id')
      .where('room_slug', '=', slug)
      .where('user_id', '=', userId)
      .where('game_id', gameId === null ? 'is' : '=', gameId);
    if (quick !== null) select = select.where('quick', '=', quick);
    return (await select.limit(1).executeTakeFirst()) !== undefined;
  }

  /** Whether a spectator said something in the room's round `gameId`. */
  async spectatorsSpoke(slug: string, gameId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('chat_lines')
      .select('id')
      .where('room_slug', '=', slug)
      .where('channel', '=', 'spectators')
      .where((eb) => eb.or([eb('game_id', '=', gameId), eb('game_id', 'is', null)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every line an account wrote (its export), oldest first. */
  async byAuthor(
    userId: string,
  ): Promise<{ room: string; at: number; channel: string; text?: string; quick?: string }[]> {
    const rows = await this.db
      .selectFrom('chat_lines')
      .select(['room_slug', 'at', 'channel', 'text', 'quick'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      room: row.room_slug,
      at: Number(row.at),
      channel: row.channel,
      ...(row.quick !== null ? { quick: row.quick } : { text: row.text ?? '' }),
    }));
  }

  private lines() {
    return this.db
      .selectFrom('chat_lines')
      .innerJoin('users', 'users.id', 'chat_lines.user_id')
      .select([
        'chat_lines.id',
        'chat_lines.at',
        'chat_lines.user_id',
        'users.username',
        'chat_lines.channel',
        'chat_lines.text',
        'chat_lines.quick',
      ]);
  }

  private readable<Q extends ReturnType<ChatStore['lines']>>(select: Q, reading: Reading): Q {
    let q = select;
    if (reading.spectator) {
      q = q.where('chat_lines.channel', '=', 'spectators') as Q;
    } else if (reading.readerId !== null) {
      const until = reading.spectatorsUntil;
      q = q.where((eb) =>
        until === null
          ? eb('chat_lines.channel', '=', 'players')
          : eb.or([
              eb('chat_lines.channel', '=', 'players'),
              eb.and([eb('chat_lines.channel', '=', 'spectators'), eb('chat_lines.at', '<=', until)]),
            ]),
      ) as Q;
    }
    const reader = reading.readerId;
    if (reader === null) return q;
    // Never a line of someone the reader muted, blocked, or was blocked by (their own lines are always read).
    return q.where((eb) =>
      eb.and([
        eb(
          'chat_lines.user_id',
          'not in',
          eb.selectFrom('chat_mutes').select('muted_id').where('chat_mutes.user_id', '=', reader),
        ),
        eb(
          'chat_lines.user_id',
          'not in',
          eb.selectFrom('blocks').select('blocked_id').where('blocks.user_id', '=', reader),
        ),
        eb(
          'chat_lines.user_id',
          'not in',
          eb.selectFrom('blocks').select('user_id').where('blocks.blocked_id', '=', reader),
        ),
      ]),
    ) as Q;
  }
}
