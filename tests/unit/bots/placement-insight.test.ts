import { describe, expect, it } from 'vitest';
import { placementInsight, RANDOM_BORDER } from '../../../src/bots/analysis';
import { placementKey, shapeOf } from '../../../src/bots/analysis/placement';
import { CLASSIC_RULES, createRng, makeRules, randomFleet, type ShipMap } from '../../../src/game';
import { FLEET, run } from './helpers';

describe('placement insight (docs/analysis.md, Insights)', () => {
  it("knows random fleets' share of border cells for every fleet and touch rule", () => {
    for (const rules of [CLASSIC_RULES, makeRules({ touch: false }), makeRules({ fleet: 'russian' })]) {
      const rng = createRng(11);
      const measured = shapeOf(Array.from({ length: 1500 }, () => randomFleet(rng, rules))).border;
      expect(Math.abs(measured - (RANDOM_BORDER[placementKey(rules)] ?? 0))).toBeLessThan(0.015);
    }
  });

  it('counts in how many games a ship stood on each cell, per thousand', () => {
    const other: ShipMap = { ...FLEET, '0': run(0, 9, 5) };
    const insight = placementInsight([FLEET, FLEET, other, FLEET], CLASSIC_RULES);
    expect(insight.games).toBe(4);
    expect(insight.heat[0]).toBe(750); // (0,0): the carrier's first cell in three games of four
    expect(insight.heat[90]).toBe(250); // (0,9) in the fourth
    expect(insight.heat[55]).toBe(0);
  });

  it('says "few" before five games, "habit" for a cell used in most games, "edges" or "centre" against random fleets', () => {
    expect(placementInsight([FLEET], CLASSIC_RULES).tip).toBe('few');
    const rng = createRng(3);
    const varied = Array.from({ length: 30 }, () => randomFleet(rng, CLASSIC_RULES));
    expect(placementInsight(varied, CLASSIC_RULES).tip).toBe('varied');
    const habit = varied.map((f, i) => (i % 3 === 0 ? f : { ...f, '4': run(4, 4, 2) }));
    const used = placementInsight(habit, CLASSIC_RULES);
    expect(used).toMatchObject({ tip: 'habit', top: { y: 4 } });
    expect([4, 5]).toContain(used.top?.x);
    expect(used.top?.share).toBeGreaterThanOrEqual(0.6);
    // Every ship along a side of the board, sides and places drawn at random game after game.
    const along = (length: number): ReturnType<typeof run> => {
      const side = rng.int(4);
      const at = rng.int(11 - length);
      if (side === 0) return run(at, 0, length);
      if (side === 1) return run(at, 9, length);
      return run(side === 2 ? 0 : 9, at, length, true);
    };
    const rims = Array.from(
      { length: 12 },
      (): ShipMap => ({ '0': along(5), '1': along(4), '2': along(3), '3': along(3), '4': along(2) }),
    );
    const edges = placementInsight(rims, CLASSIC_RULES);
    expect(edges.tip).toBe('edges');
    expect(edges.border).toBe(1);
    const middle: ShipMap = {
      '0': run(2, 2, 5),
      '1': run(2, 4, 4),
      '2': run(3, 6, 3),
      '3': run(6, 5, 3, true),
      '4': run(4, 7, 2),
    };
    const shifted = (dx: number): ShipMap =>
      Object.fromEntries(
        Object.entries(middle).map(([k, cells]) => [k, cells.map((c) => ({ x: c.x + dx, y: c.y }))]),
      ) as unknown as ShipMap;
    expect(
      placementInsight([shifted(0), shifted(1), shifted(0), shifted(1), shifted(-1), shifted(1)], CLASSIC_RULES).tip,
    ).toBe('centre');
  });
});
