import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jointRatings, type Rating } from '../../../cli/tournament/ratings';
import { pentanomialElo } from '../../../cli/tournament/sprt';
import { type GameSummary, Tally } from '../../../cli/tournament/tally';

/**
 * The joint ratings checked against a reference computation: Ordo 1.2.6 (github.com/michiguel/Ordo,
 * built from its sources) on the same games. tests/fixtures/tournament holds a real round robin
 * (`broadside tournament --strategy density --strategy hunt --engine "node examples/engines/hunt.mjs"
 * --strategy ./tests/fixtures/engines/bot.mjs --strategy random --games 10 --seed 7 --out …`), its
 * games written as PGN (seat 0 as White, `1-0` when it won) and rated with
 * `ordo -p fx.pgn -a 0 -z 200.2409 -M` (pool average 0, the logistic scale of Elo: 76% at 200.24,
 * maximum likelihood, no white advantage); errors with `-s 4000 -d 0` (4000 simulations, no draws).
 */
const dir = join(import.meta.dirname, '../../fixtures/tournament');
const config = JSON.parse(readFileSync(join(dir, 'tournament.json'), 'utf8')) as {
  config: { participants: { name: string }[]; gauntlet: boolean };
};
const names = config.config.participants.map((p) => p.name);
const games = readFileSync(join(dir, 'results.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as GameSummary);

function rate(list: readonly GameSummary[], resamples = 0): Map<string, Rating> {
  const tally = new Tally(names, config.config.gauntlet, null);
  for (const g of list) tally.add(g);
  return new Map(jointRatings(names, tally.ratingUnits(), { resamples, seed: 1 }).map((r) => [r.name, r]));
}

describe('joint ratings against Ordo', () => {
  it('gives Ordo’s maximum-likelihood ratings to the tenth of an Elo', () => {
    const ours = rate(games);
    const ordo: Record<string, number> = {
      density: 488.9,
      hunt: 243.9,
      'hunt.mjs': 179.9,
      bot: -390.1,
      random: -522.7,
    };
    for (const [name, rating] of Object.entries(ordo)) {
      expect(ours.get(name)?.rating).toBeCloseTo(rating, 1);
      expect(ours.get(name)?.bound).toBeNull();
    }
  });

  it('has errors of the size Ordo’s simulations give', () => {
    // Ordo simulates games from the fitted ratings; ours resample whole pairs (nonparametric):
    // the two agree within a quarter on 10 pairs per pairing (1.01 to 1.25 measured).
    const ours = rate(games, 1000);
    const ordo: Record<string, number> = { density: 142.9, hunt: 111.8, 'hunt.mjs': 107.4, bot: 132.2, random: 156.1 };
    for (const [name, error] of Object.entries(ordo)) {
      const ratio = (ours.get(name)?.error ?? 0) / error;
      expect(ratio).toBeGreaterThan(0.8);
      expect(ratio).toBeLessThan(1.35);
    }
  });

  it('sets a perfect winner aside as Ordo does and rates the others as Ordo does', () => {
    // The same games with every game density lost turned into a win: density has no finite rating.
    const perfect = games.map((g) => (g.seats.includes(0) ? { ...g, winner: 0 } : g));
    const ours = rate(perfect, 200);
    // `ordo … -M -G` on those games: density > 1162.3 (as if one game were drawn), the others:
    const ordo: Record<string, number> = { hunt: 376.0, 'hunt.mjs': 278.6, bot: -260.9, random: -393.7 };
    for (const [name, rating] of Object.entries(ordo)) expect(ours.get(name)?.rating).toBeCloseTo(rating, 1);
    const density = ours.get('density');
    expect(density?.bound).toBe('floor');
    expect(density?.error).toBeNull();
    // This game has no draws: the floor is where density's expected score is half a game short of 80.
    const expected = Object.entries(ordo).reduce(
      (s, [, r]) => s + 20 / (1 + 10 ** (-((density?.rating ?? 0) - r) / 400)),
      0,
    );
    expect(expected).toBeCloseTo(79.5, 3);
  });

  it('ranks by rating and gives the likelihood of superiority over the next', () => {
    const list = [...rate(games, 500).values()];
    expect(list.map((r) => r.name)).toEqual(['density', 'hunt', 'hunt.mjs', 'bot', 'random']);
    expect(list[0]?.losNext).toBeGreaterThan(0.99);
    expect(list[1]?.losNext).toBeGreaterThan(0.5);
    expect(list[4]?.losNext).toBeNull();
    expect(list.reduce((s, r) => s + (r.rating ?? 0), 0)).toBeCloseTo(0, 6);
  });

  it('agrees with the pentanomial estimate for two participants', () => {
    // 100 pairs, 20 both lost, 50 split, 30 both won: the difference of the joint ratings is the
    // pairs' Elo, and the bootstrap's error of each rating (against the pool's average) is half
    // the pentanomial error of the difference.
    const unit = (aWins: number) => ({ a: 0, b: 1, aWins, games: 2 });
    const units = [...Array(20).fill(unit(0)), ...Array(50).fill(unit(1)), ...Array(30).fill(unit(2))];
    const [a, b] = jointRatings(['a', 'b'], [units], { resamples: 4000, seed: 2 });
    const penta = pentanomialElo([20, 0, 50, 0, 30]);
    expect((a?.rating ?? 0) - (b?.rating ?? 0)).toBeCloseTo(penta.value, 6);
    const ratio = (2 * (a?.error ?? 0)) / (penta.error ?? 1);
    expect(ratio).toBeGreaterThan(0.93);
    expect(ratio).toBeLessThan(1.07);
  });

  it('gives two participants with a perfect score a floor and a ceiling', () => {
    const [a, b] = jointRatings(
      ['a', 'b'],
      [
        [
          { a: 0, b: 1, aWins: 2, games: 2 },
          { a: 0, b: 1, aWins: 2, games: 2 },
        ],
      ],
      {
        resamples: 50,
        seed: 1,
      },
    );
    expect(a).toMatchObject({ name: 'a', bound: 'floor', error: null });
    expect(b).toMatchObject({ name: 'b', bound: 'ceiling', error: null });
    // Four games won: placed where 3.5 of 4 are expected, as the pentanomial bound.
    expect((a?.rating ?? 0) - (b?.rating ?? 0)).toBeCloseTo(pentanomialElo([0, 0, 0, 0, 2]).value, 6);
  });
});
