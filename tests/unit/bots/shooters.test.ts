import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  benchGame,
  PLACER_NAMES,
  placerNamed,
  playSolo,
  SHOOTER_NAMES,
  shooterNamed,
  type ShotStrategy,
  StrategyFault,
} from '../../../src/bots';
import { createSampler } from '../../../src/bots/shooters/sampler';
import {
  cellIndex,
  createRng,
  emptyGrid,
  randomFleet,
  resolveShot,
  type ShipKey,
  type ShipMap,
} from '../../../src/game';

/** The sampler with fewer samples: the same code paths, a fraction of the time. */
const fastSampler = createSampler(150);
const shooters: [string, ShotStrategy][] = SHOOTER_NAMES.map((name) => [
  name,
  name === 'sampler' ? fastSampler : shooterNamed(name),
]);

describe('every shooter', () => {
  it.each(shooters)('%s finishes every game without shooting twice or out of bounds', (_, shooter) => {
    // playSolo throws a StrategyFault on a repeated or out-of-bounds shot, or past 100 shots.
    for (let game = 0; game < 12; game++) {
      const result = benchGame(shooter, placerNamed(PLACER_NAMES[game % PLACER_NAMES.length] ?? 'random'), 5, game);
      expect(result.shots).toBeGreaterThanOrEqual(17);
      expect(result.shots).toBeLessThanOrEqual(100);
    }
  });

  it.each(shooters)('%s only ever picks an unknown cell, from any reachable view', (_, shooter) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 99 }), (seed, shots) => {
        // Reach a view by firing `shots` random shots at a random fleet, as the server would show it.
        const rng = createRng(seed);
        const fleet = randomFleet(rng);
        const grid = emptyGrid();
        const sunk: Partial<Record<ShipKey, ShipMap[ShipKey]>> = {};
        const fired = new Set<number>();
        const order = Array.from({ length: 100 }, (_, i) => i).sort(() => rng.next() - 0.5);
        for (const i of order.slice(0, shots)) {
          const target = { x: i % 10, y: Math.floor(i / 10) };
          const outcome = resolveShot(fleet, fired, target);
          fired.add(i);
          if (outcome.won) return; // a finished game has no next shot
          (grid[target.y] ?? [])[target.x] = outcome.result === 'M' ? 'M' : 'H';
          if (outcome.sunk) {
            const cells = fleet[outcome.sunk] ?? [];
            sunk[outcome.sunk] = cells;
            for (const c of cells) (grid[c.y] ?? [])[c.x] = 'D';
          }
        }
        const shot = shooter.nextShot({ grid, sunk }, createRng(seed + 1));
        expect(Number.isInteger(shot.x) && shot.x >= 0 && shot.x < 10).toBe(true);
        expect(Number.isInteger(shot.y) && shot.y >= 0 && shot.y < 10).toBe(true);
        expect(fired.has(cellIndex(shot))).toBe(false);
      }),
      { numRuns: 25 },
    );
  });
});

describe('the game harness', () => {
  it('reports a shooter that fires twice as a fault, not as a result', () => {
    const stubborn: ShotStrategy = { name: 'stubborn', description: '', nextShot: () => ({ x: 0, y: 0 }) };
    const fleet = randomFleet(createRng(1));
    expect(() => playSolo(stubborn, fleet, 1)).toThrow(StrategyFault);
  });

  it('replays a game exactly for a seed', () => {
    const density = shooterNamed('density');
    const placer = placerNamed('random');
    const a = [0, 1, 2, 3].map((i) => benchGame(density, placer, 42, i).shots);
    const b = [0, 1, 2, 3].map((i) => benchGame(density, placer, 42, i).shots);
    expect(a).toEqual(b);
    expect(a).not.toEqual([0, 1, 2, 3].map((i) => benchGame(density, placer, 43, i).shots));
  });

  it('ranks the shooters as their design says: random < hunt < density', () => {
    const placer = placerNamed('random');
    const mean = (name: string): number =>
      Array.from({ length: 60 }, (_, i) => benchGame(shooterNamed(name), placer, 9, i).shots).reduce((a, b) => a + b) /
      60;
    const random = mean('random');
    const hunt = mean('hunt');
    const density = mean('density');
    expect(random).toBeGreaterThan(85);
    expect(hunt).toBeLessThan(random - 20);
    expect(density).toBeLessThan(hunt - 3);
  });
});

describe('registry', () => {
  it('names every strategy and refuses an unknown one with the list of known ones', () => {
    expect(SHOOTER_NAMES).toEqual(['random', 'hunt', 'density', 'sampler', 'best']);
    expect(() => shooterNamed('nope')).toThrow(
      /unknown shot strategy "nope" \(known: random, hunt, density, sampler, best\)/,
    );
    expect(() => placerNamed('toString')).toThrow(/unknown placement strategy/);
  });
});
