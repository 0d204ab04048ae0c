import { expect, it } from 'vitest';
import { formatRules, makeRules, type Rules } from '../../src/game';
import type { Storage } from '../../server/db/storage';
import { decideRating } from '../../server/ratings/rating-rules';

/**
 * The bot accounts and ratings part of the storage contract (tests/support/storage-contract.ts):
 * the same answers from SQLite, PostgreSQL and memory.
 */
const CLASSIC = formatRules(makeRules());
const SALVO = formatRules(makeRules({ shots: 'salvo' }));
const RATING_RULES = { ratedGamesPerPairPerDay: 2, leaderboardMinGames: 1 };

const user = (id: string) => ({ id, username: id, email: `${id}@example.test`, passwordHash: 'x' });

let rooms = 0;

/** One finished game between `a` and `b` under `rules`: both fire, `winner` sinks; returns its id. */
async function game(s: Storage, a: string, b: string, winner: string, rules: Rules = makeRules()): Promise<number> {
  const slug = `room-${++rooms}-${Math.random().toString(36).slice(2, 8)}`;
  await s.rooms.createRoom(slug, a, { rules });
  await s.rooms.addMember(slug, a, 0);
  await s.rooms.addMember(slug, b, 1);
  const gameId = await s.rounds.startRound(slug, 1);
  const loser = winner === a ? b : a;
  await s.rounds.addShot({ slug, gameId, seq: 0, shot: { shooterId: loser, x: 0, y: 0, result: 'M' }, winner: null });
  await s.rounds.addShot({ slug, gameId, seq: 1, shot: { shooterId: winner, x: 1, y: 1, result: 'D' }, winner });
  return gameId;
}

/** Rates every finished game; the pair bound counts games under any rules, so it is off unless a test is about it. */
async function rateAll(s: Storage): Promise<void> {
  const rules = { ...RATING_RULES, ratedGamesPerPairPerDay: 0 };
  for (const id of await s.ratings.unratedGames(50)) await s.ratings.settle(id, (g) => decideRating(g, rules));
}

export function ratingContract(open: () => Promise<Storage>): void {
  it('upgrades an account to a bot once and for good, never one with a rated game, and lists bots with their title', async () => {
    const s = await open();
    for (const id of ['bot1', 'ann', 'bea']) await s.users.createUser(user(id));
    const first = await s.users.upgradeToBot('bot1', 1_790_000_000_000);
    expect(first).toEqual({ outcome: 'UPGRADED', botSince: 1_790_000_000_000 });
    expect(await s.users.upgradeToBot('bot1', 1_790_000_999_000)).toEqual({
      outcome: 'ALREADY_BOT',
      botSince: 1_790_000_000_000,
    });
    expect((await s.users.findUserById('bot1'))?.botSince).toBe(1_790_000_000_000);
    expect((await s.users.findUserById('ann'))?.botSince ?? null).toBeNull();
    expect(await s.users.upgradeToBot('nobody')).toEqual({ outcome: 'NOT_FOUND' });
    await game(s, 'ann', 'bea', 'ann');
    await rateAll(s);
    expect(await s.ratings.hasRatedGames('ann')).toBe(true);
    expect(await s.users.upgradeToBot('ann')).toEqual({ outcome: 'RATED_GAMES' });
    expect(await s.ratings.kindOf('ann')).toBe('person');
    expect(await s.ratings.kindOf('bot1')).toBe('bot');
    expect(await s.ratings.kindOf('bot-easy')).toBe('computer');
    await s.rooms.createRoom('bot-bay', 'bot1');
    await s.rooms.addMember('bot-bay', 'bot1', 0);
    await s.rooms.addMember('bot-bay', 'ann', 1);
    expect((await s.rooms.loadRoom('bot-bay'))?.members).toEqual([
      { userId: 'bot1', username: 'bot1', title: 'BOT' },
      { userId: 'ann', username: 'ann' },
    ]);
  });

  it('rates each set of rules apart, keeps people and bots on separate boards, and settles a game once', async () => {
    const s = await open();
    for (const id of ['ann', 'bea', 'bot1', 'bot2']) await s.users.createUser(user(id));
    await s.users.upgradeToBot('bot1');
    await s.users.upgradeToBot('bot2');
    const classic = await game(s, 'ann', 'bea', 'ann');
    await game(s, 'bea', 'ann', 'bea', makeRules({ shots: 'salvo' }));
    await game(s, 'bea', 'ann', 'bea', makeRules({ shots: 'salvo' }));
    await game(s, 'bot1', 'bot2', 'bot1');
    await game(s, 'bot2', 'ann', 'bot2');
    // A game against the computer is handled but never rated.
    await game(s, 'ann', 'bot-easy', 'ann');
    await rateAll(s);
    expect(await s.ratings.unratedGames(50)).toEqual([]);
    expect(await s.ratings.settle(classic, () => ({ kind: 'skip' }))).toBe(false);

    const annClassic = await s.ratings.ratingOf('ann', CLASSIC);
    const annSalvo = await s.ratings.ratingOf('ann', SALVO);
    expect(annClassic).toMatchObject({ games: 2, wins: 1 });
    expect(annSalvo).toMatchObject({ games: 2, wins: 0 });
    expect(annSalvo?.rating).toBeLessThan(1500);
    expect(typeof annClassic?.rating).toBe('number');
    expect(await s.ratings.ratingOf('bea', formatRules(makeRules({ fleet: 'russian' })))).toBeNull();

    const people = await s.ratings.leaderboard(CLASSIC, 'people', 1, 10);
    expect(people.rows.map((r) => r.userId).sort()).toEqual(['ann', 'bea']);
    expect(people.total).toBe(2);
    const bots = await s.ratings.leaderboard(CLASSIC, 'bots', 1, 10);
    expect(bots.rows.map((r) => r.userId).sort()).toEqual(['bot1', 'bot2']);
    // bot2 beat ann (a person played a bot: both moved) and lost to bot1.
    expect(bots.rows.find((r) => r.userId === 'bot2')).toMatchObject({ games: 2, wins: 1 });
    const salvo = await s.ratings.leaderboard(SALVO, 'people', 1, 10);
    expect(salvo.rows.map((r) => r.userId)).toEqual(['bea', 'ann']);
    expect(await s.ratings.countAbove(annSalvo?.rating ?? 0, SALVO, 'people', 1)).toBe(1);
    expect(await s.ratings.countAbove(0, SALVO, 'bots', 1)).toBe(0);
    expect(await s.ratings.leaderboard(CLASSIC, 'people', 3, 10)).toEqual({ rows: [], total: 0 });

    const records = await s.ratings.recordsOf('ann');
    expect(records).toEqual([
      { rules: CLASSIC, games: 2, wins: 1, computerGames: 1, computerWins: 1 },
      { rules: SALVO, games: 2, wins: 0, computerGames: 0, computerWins: 0 },
    ]);
    expect(await s.ratings.usernameOf('bea')).toBe('bea');
    expect(await s.ratings.usernameOf('nobody')).toBeNull();
  });

  it('counts the games a pair was rated within the day, and keeps why a game was not rated', async () => {
    const s = await open();
    for (const id of ['ann', 'bea']) await s.users.createUser(user(id));
    for (let i = 0; i < 3; i++) await game(s, 'ann', 'bea', 'ann');
    const seen: number[] = [];
    for (const id of await s.ratings.unratedGames(50)) {
      await s.ratings.settle(id, (g) => {
        seen.push(g.pairRatedBefore);
        return decideRating(g, RATING_RULES);
      });
    }
    expect(seen).toEqual([0, 1, 2]);
    expect(await s.ratings.ratingOf('ann', CLASSIC)).toMatchObject({ games: 2, wins: 2 });
  });
}
