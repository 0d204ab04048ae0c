import { describe, expect, it } from 'vitest';
import { placerNamed, shooterNamed, type ShotView } from '../../../src/bots';
import {
  bestCells,
  exactCount,
  gradeMove,
  movesOf,
  type ShipProbabilities,
  shipProbabilities,
} from '../../../src/bots/analysis';
import { offlineGame } from '../../../src/bots/analysis/duel';
import { readKnowledge } from '../../../src/bots/knowledge';
import { placementsOf } from '../../../src/bots/tables';
import {
  type Cell,
  CLASSIC_RULES,
  cellIndex,
  type Coord,
  createRng,
  fleetLengths,
  makeRules,
  type Rules,
  type ShipKey,
} from '../../../src/game';
import { run, viewOf } from './helpers';

/**
 * Every consistent fleet, from first principles rather than from the engine's own reading of the
 * view: each afloat ship (fleet order, every in-bounds placement) avoids the misses and every
 * other ship; under no-touch rules no two ships touch, sunk ones included; every hit is covered
 * by an afloat ship; and no afloat ship lies wholly on hits (it would have been sunk). Returns each
 * cell's share of those fleets, and how many there are.
 */
function bruteForce(view: ShotView, rules: Rules): { p: Float64Array; fleets: number } {
  const lengths = fleetLengths(rules);
  const sunk = new Set(Object.keys(view.sunk));
  const afloat = lengths.map((length, i) => ({ key: String(i), length })).filter((s) => !sunk.has(s.key));
  const cell = (c: number): Cell => view.grid[Math.floor(c / 10)]?.[c % 10] ?? 'E';
  const sunkCells = new Set<number>();
  for (const cells of Object.values(view.sunk)) for (const c of cells ?? []) sunkCells.add(cellIndex(c));
  const hits = [...Array(100).keys()].filter((c) => cell(c) === 'H');
  const around = (c: number): number[] => {
    const out: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = (c % 10) + dx;
        const y = Math.floor(c / 10) + dy;
        if (x >= 0 && y >= 0 && x < 10 && y < 10) out.push(y * 10 + x);
      }
    return out;
  };
  const p = new Float64Array(100);
  let fleets = 0;
  const taken: number[][] = [];
  const visit = (i: number): void => {
    if (i === afloat.length) {
      const covered = new Set(taken.flat());
      if (!hits.every((h) => covered.has(h))) return;
      fleets++;
      for (const c of covered) p[c] = (p[c] ?? 0) + 1;
      return;
    }
    const table = placementsOf(afloat[i]?.length ?? 0);
    for (let q = 0; q < table.count; q++) {
      const cells = Array.from(table.cells.subarray(q * table.length, (q + 1) * table.length));
      if (cells.some((c) => cell(c) === 'M' || cell(c) === 'D' || sunkCells.has(c))) continue;
      if (cells.every((c) => cell(c) === 'H')) continue;
      const others = taken.flat();
      if (cells.some((c) => others.includes(c))) continue;
      if (!rules.touch) {
        const halo = new Set(cells.flatMap(around));
        if ([...others, ...sunkCells].some((c) => halo.has(c))) continue;
      }
      taken.push(cells);
      visit(i + 1);
      taken.pop();
    }
  };
  visit(0);
  return { p: p.map((v) => v / fleets), fleets };
}

function expectSame(a: ArrayLike<number>, b: ArrayLike<number>, tolerance: number): void {
  for (let c = 0; c < 100; c++) expect(Math.abs((a[c] ?? 0) - (b[c] ?? 0)), `cell ${c}`).toBeLessThanOrEqual(tolerance);
}

/** Three ships left of the classic fleet (cruiser, submarine, destroyer), a hit to explain. */
const CLASSIC_LATE: ShotView = {
  ...viewOf(
    [
      '#####o.o..',
      'o.o..o.o.o',
      '..o.x..o..',
      'o..o..o.o.',
      '.o..o..o..',
      '..o....o.o',
      'o...o.o...',
      '####.o..o.',
      '..o..o..o.',
      'o..o..o...',
    ],
    { '0': run(0, 0, 5), '1': run(0, 7, 4) },
  ),
  rules: CLASSIC_RULES,
};

/** Russian fleet late: the 4 and two 1-cell boats sunk; 3, 3, 2, 2, 2, 1, 1 afloat is too many — keep 2, 1, 1. */
function russianLate(): ShotView {
  const rules = makeRules({ fleet: 'russian' });
  const sunk: Partial<Record<ShipKey, Coord[]>> = {
    '0': run(0, 0, 4),
    '1': run(0, 2, 3),
    '2': run(5, 2, 3),
    '3': run(0, 4, 2),
    '4': run(4, 4, 2),
    '6': run(9, 0, 1),
    '7': run(7, 4, 1),
  };
  const rows = [
    '####o..o.#',
    'oooooo.o..',
    '###..###o.',
    'o.o..o.o..',
    '##..##.#..',
    'o..o...o.o',
    '..o..x..o.',
    'o.....o...',
    '..o.o....o',
    '.o....o...',
  ];
  return { ...viewOf(rows, sunk), rules };
}

describe('the analysis engine: exact counts', () => {
  it('counts the same fleets and probabilities as brute force (classic, a hit to explain)', () => {
    const exact = exactCount(readKnowledge(CLASSIC_LATE), 1e9);
    const brute = bruteForce(CLASSIC_LATE, CLASSIC_RULES);
    expect(exact?.fleets).toBe(brute.fleets);
    const result = shipProbabilities(CLASSIC_LATE);
    expect(result?.method).toBe('exact');
    expectSame(result?.p ?? [], brute.p, 1e-12);
    expect(Math.max(...(result?.se ?? []))).toBe(0);
  });

  it('counts sets of equal ships once each and still matches brute force (russian, no-touch, a hit)', () => {
    const view = russianLate();
    const brute = bruteForce(view, view.rules ?? CLASSIC_RULES);
    expect(brute.fleets).toBeGreaterThan(0);
    const exact = exactCount(readKnowledge(view), 1e9);
    expect(exact?.fleets).toBe(brute.fleets);
    expectSame((shipProbabilities(view)?.p ?? []) as Float64Array, brute.p, 1e-12);
  });

  it('matches brute force under no-touch classic rules', () => {
    const view = { ...CLASSIC_LATE, rules: makeRules({ touch: false }) };
    const brute = bruteForce(view, makeRules({ touch: false }));
    expect(brute.fleets).toBeGreaterThan(0);
    const result = shipProbabilities(view);
    expect(result?.method).toBe('exact');
    expect(result?.boards).toBe(brute.fleets);
    expectSame(result?.p ?? [], brute.p, 1e-12);
  });

  it('gives up past its budget, so the caller samples instead', () => {
    const open = { ...viewOf([]), rules: CLASSIC_RULES };
    expect(exactCount(readKnowledge(open), 10_000)).toBeNull();
    const result = shipProbabilities(open, { samples: 4000 });
    expect(result?.method).toBe('sampled');
  });

  it('answers null for a view no fleet explains', () => {
    // Every cell missed but one: no ship fits.
    const rows = Array.from({ length: 10 }, (_, y) => (y === 0 ? '.ooooooooo' : 'oooooooooo'));
    expect(shipProbabilities({ ...viewOf(rows), rules: CLASSIC_RULES })).toBeNull();
  });
});

describe('the analysis engine: sampling and its stated error', () => {
  it('agrees with the exact count within its own error, for each rule set', () => {
    for (const view of [CLASSIC_LATE, { ...CLASSIC_LATE, rules: makeRules({ touch: false }) }, russianLate()]) {
      const exact = shipProbabilities(view);
      const sampled = shipProbabilities(view, { exactBudget: 0, samples: 20_000, rng: createRng(3) });
      expect(sampled?.method).toBe('sampled');
      for (const c of sampled?.unshot ?? []) {
        const se = sampled?.se[c] ?? 0;
        const gap = Math.abs((sampled?.p[c] ?? 0) - (exact?.p[c] ?? 0));
        // Five errors, and an absolute floor for cells the batches all agree on.
        expect(gap, `cell ${c}`).toBeLessThanOrEqual(5 * se + 0.003);
      }
    }
  });

  it('states an error that matches the spread of repeated estimates (z-scores about unit wide)', () => {
    const exact = shipProbabilities(CLASSIC_LATE) as ShipProbabilities;
    const z: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const s = shipProbabilities(CLASSIC_LATE, { exactBudget: 0, samples: 5000, rng: createRng(seed) });
      for (const c of s?.unshot ?? []) {
        const se = s?.se[c] ?? 0;
        if (se > 0.002) z.push(((s?.p[c] ?? 0) - (exact.p[c] ?? 0)) / se);
      }
    }
    const within2 = z.filter((v) => Math.abs(v) < 2).length / z.length;
    // Batch means with nine degrees of freedom: about 92 % of |z| < 2 (t distribution), not 50 %, not 100 %.
    expect(within2).toBeGreaterThan(0.8);
    expect(within2).toBeLessThan(0.995);
  });
});

describe('grades', () => {
  const result = shipProbabilities(CLASSIC_LATE) as ShipProbabilities;

  it('the best salvo is the most probable cells: no set of as many cells expects more hits', () => {
    const best = bestCells(result, 3);
    const sum = (cells: readonly number[]) => cells.reduce((s, c) => s + (result.p[c] ?? 0), 0);
    const rng = createRng(9);
    for (let i = 0; i < 200; i++) {
      const pick = new Set<number>();
      while (pick.size < 3) pick.add(result.unshot[rng.int(result.unshot.length)] ?? 0);
      expect(sum([...pick])).toBeLessThanOrEqual(sum(best) + 1e-12);
    }
  });

  it('grades the best cell 1 and a poorer one p / max p, with no error when counted', () => {
    const [top] = bestCells(result, 1);
    const worse = result.unshot.find(
      (c) => (result.p[c] ?? 0) > 0 && (result.p[c] ?? 0) < (result.p[top ?? 0] ?? 0) / 2,
    );
    expect(gradeMove(result, [top ?? 0])).toMatchObject({ grade: 1, error: 0, class: 'best' });
    const g = gradeMove(result, [worse ?? 0]);
    expect(g.grade).toBeCloseTo((result.p[worse ?? 0] ?? 0) / (result.p[top ?? 0] ?? 1), 12);
    expect(g.class).toMatch(/mistake|blunder/);
  });
});

describe('moves of a game', () => {
  it('under salvo rules a move is the cells fired together, as many as the shooter has ships afloat', () => {
    const rules = makeRules({ shots: 'salvo' });
    const game = offlineGame(rules, [shooterNamed('density'), shooterNamed('hunt')], placerNamed('random'), 4);
    const moves = movesOf(game);
    expect(moves[0]?.cells).toHaveLength(5);
    expect(moves.reduce((n, m) => n + m.cells.length, 0)).toBe(game.shots.length);
    // What the shooter knew excludes the move's own answers.
    for (const m of moves) for (const c of m.cells) expect(m.view.grid[c.y]?.[c.x]).toBe('E');
  });

  it('under again=hit every shot is a move, chosen knowing the last answer', () => {
    const rules = makeRules({ again: 'hit' });
    const game = offlineGame(rules, [shooterNamed('sampler'), shooterNamed('random')], placerNamed('random'), 5);
    const moves = movesOf(game);
    expect(moves).toHaveLength(game.shots.length);
    const i = moves.findIndex((m, k) => m.results[0] !== 'M' && moves[k + 1]?.shooterId === m.shooterId);
    expect(i).toBeGreaterThanOrEqual(0);
    const hit = moves[i]?.cells[0] as Coord;
    expect(moves[i + 1]?.view.grid[hit.y]?.[hit.x]).not.toBe('E');
  });

  it('shows a sunk ship whole in the views after it, and refuses a cell fired twice', () => {
    const game = offlineGame(
      CLASSIC_RULES,
      [shooterNamed('sampler'), shooterNamed('sampler')],
      placerNamed('random'),
      6,
    );
    const moves = movesOf(game);
    const sinking = moves.findIndex((m) => m.results.includes('D'));
    const after = moves.slice(sinking + 1).find((m) => m.shooterId === moves[sinking]?.shooterId);
    expect(Object.keys(after?.view.sunk ?? {})).toHaveLength(1);
    const twice = {
      ...game,
      shots: [...game.shots.slice(0, 3), { ...(game.shots[1] as (typeof game.shots)[number]) }],
    };
    expect(() => movesOf(twice)).toThrow(/fired before/);
  });
});
