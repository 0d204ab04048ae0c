import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BotUpgrade } from '../../server/db/storage';
import type { GameToRate, PlayerKind } from '../../server/db/rating-store';
import { decideRating } from '../../server/ratings/rating-rules';
import { testsUsePostgres } from '../support/databases';
import { storeForSuite } from '../support/store';

/*
 * An upgrade to a bot account (POST /users/me/bot) is refused once the account has a rated game
 * (docs/engines.md, "Bot accounts"). Racing the rating of the account's first game it must end one
 * of two ways: refused, the game rated as a person's; or upgraded, the game rated as the bot's.
 * Never upgraded with a game rated as a person's. On SQLite here, on PostgreSQL in integration-pg.
 */
const suite = storeForSuite();

let serial = 0;

/** Two people and one finished game between them, both having fired, waiting for its rating. */
async function finishedGame(): Promise<{ person: string; rival: string; gameId: number }> {
  const n = ++serial;
  const person = `race-person-${n}`;
  const rival = `race-rival-${n}`;
  const now = Date.now();
  for (const id of [person, rival]) {
    await suite.store.db
      .insertInto('users')
      .values({ id, username: id, email: `${id}@example.test`, password_hash: 'x', created_at: now })
      .execute();
  }
  const slug = `race-room-${n}`;
  await suite.store.db
    .insertInto('rooms')
    .values({ slug, created_by: person, created_at: now, status: 'ENDED', turn_seconds: null })
    .execute();
  await suite.store.db
    .insertInto('members')
    .values([
      { room_slug: slug, user_id: person, position: 0, joined_at: now },
      { room_slug: slug, user_id: rival, position: 1, joined_at: now },
    ])
    .execute();
  const game = await suite.store.db
    .insertInto('games')
    .values({
      room_slug: slug,
      round: 1,
      started_at: now - 60_000,
      first_player: person,
      winner_id: person,
      ended_at: now,
      rated_at: null,
      end_reason: 'RESIGNED',
      play_started_at: now - 50_000,
      started_by: person,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await suite.store.db
    .insertInto('shots')
    .values([
      { game_id: game.id, seq: 1, shooter_id: person, x: 0, y: 0, result: 'M', created_at: now - 40_000 },
      { game_id: game.id, seq: 2, shooter_id: rival, x: 0, y: 0, result: 'M', created_at: now - 30_000 },
    ])
    .execute();
  return { person, rival, gameId: game.id };
}

/** Settles `gameId` with the server's rating rules; resolves to the kind the rating saw `userId` as. */
async function settle(gameId: number, userId: string): Promise<PlayerKind | undefined> {
  let seen: PlayerKind | undefined;
  const decide = (game: GameToRate) => {
    seen = game.players.find((p) => p.id === userId)?.kind;
    return decideRating(game, { ratedGamesPerPairPerDay: 3, leaderboardMinGames: 1 });
  };
  expect(await suite.store.ratings.settle(gameId, decide)).toBe(true);
  return seen;
}

/** The one acceptable end of a race between an upgrade and the rating of the account's game. */
async function expectConsistent(upgrade: BotUpgrade, seenAs: PlayerKind | undefined, userId: string) {
  expect(await suite.store.ratings.hasRatedGames(userId)).toBe(true);
  if (upgrade.outcome === 'UPGRADED') expect(seenAs).toBe('bot');
  else {
    expect(upgrade.outcome).toBe('RATED_GAMES');
    expect(seenAs).toBe('person');
    expect(await suite.store.ratings.kindOf(userId)).toBe('person');
  }
}

describe('upgrading to a bot account against the rating of the first game', () => {
  it('is refused after the rating, and rated as a bot before it', async () => {
    const late = await finishedGame();
    expect(await settle(late.gameId, late.person)).toBe('person');
    expect(await suite.store.users.upgradeToBot(late.person)).toEqual({ outcome: 'RATED_GAMES' });
    expect(await suite.store.ratings.kindOf(late.person)).toBe('person');

    const early = await finishedGame();
    expect((await suite.store.users.upgradeToBot(early.person)).outcome).toBe('UPGRADED');
    expect(await settle(early.gameId, early.person)).toBe('bot');
  });

  it('ends one way or the other when both run at once', async () => {
    for (let round = 0; round < 5; round++) {
      const { person, gameId } = await finishedGame();
      const [seenAs, upgrade] = await Promise.all([settle(gameId, person), suite.store.users.upgradeToBot(person)]);
      await expectConsistent(upgrade, seenAs, person);
    }
  });

  // PostgreSQL runs both transactions side by side. The rating is held just before it writes
  // game_ratings (a SHARE lock on that table from a third connection lets reads through, not
  // inserts); the upgrade runs meanwhile. Without a lock ordering the two, the upgrade saw no rated
  // game and went through while the rating went on to rate the account as a person.
  it.runIf(testsUsePostgres())('waits for a rating in progress on PostgreSQL, then is refused', async () => {
    const { person, gameId } = await finishedGame();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holder = suite.store.db.transaction().execute(async (tx) => {
      await sql`lock table game_ratings in share mode`.execute(tx);
      holding();
      await released;
    });
    await held;
    const waiting = async (): Promise<number> => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(suite.store.db);
      return rows[0]?.n ?? 0;
    };
    const until = async (done: () => Promise<boolean>, what: string): Promise<void> => {
      const deadline = Date.now() + 10_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      const rating = settle(gameId, person);
      await until(async () => (await waiting()) >= 1, 'the rating to wait on game_ratings');
      let finished = false;
      const upgrade = suite.store.users.upgradeToBot(person).finally(() => {
        finished = true;
      });
      await until(async () => finished || (await waiting()) >= 2, 'the upgrade to finish or wait');
      release();
      await holder;
      const [seenAs, outcome] = await Promise.all([rating, upgrade]);
      expect(seenAs).toBe('person');
      expect(outcome).toEqual({ outcome: 'RATED_GAMES' });
      await expectConsistent(outcome, seenAs, person);
    } finally {
      release();
      await holder;
    }
  });
});
