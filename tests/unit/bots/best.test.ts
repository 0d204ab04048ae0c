import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benchGame, placerNamed } from '../../../src/bots';
import { essentialCells, HUNT_BONUS, preferCover } from '../../../src/bots/cover';
import { CELLS, HIT, type Knowledge, readKnowledge, UNKNOWN } from '../../../src/bots/knowledge';
import { finishCost, lastShipCell, smallBestCell } from '../../../src/bots/last-ship';
import { bestShooter } from '../../../src/bots/shooters/best';
import { cellIndex, createRng, makeRules, type PartialShipMap } from '../../../src/game';
import { FLEET, viewOf } from './helpers';

/** Every ship but the destroyer (4) sunk where FLEET has it, so only two-cell placements are left. */
const ALL_BUT_DESTROYER: PartialShipMap = {
  '0': FLEET['0'],
  '1': FLEET['1'],
  '2': FLEET['2'],
  '3': FLEET['3'],
};

/** The picture of a board with the sunk ships drawn, plus extra misses at `misses`. */
function rowsWith(misses: readonly number[], sunk = ALL_BUT_DESTROYER): string[] {
  const cells = Array.from({ length: CELLS }, () => '.');
  for (const [, ship] of Object.entries(sunk)) for (const c of ship ?? []) cells[cellIndex(c)] = '#';
  for (const m of misses) if (cells[m] === '.') cells[m] = 'o';
  return Array.from({ length: 10 }, (_, y) => cells.slice(y * 10, y * 10 + 10).join(''));
}

/** The destroyer placements of a view as edges, and a maximum matching's size by breadth-first augmenting paths. */
function matchingSize(k: Knowledge, without = -1): number {
  const adjacent = new Map<number, number[]>();
  for (const ship of k.afloat) {
    if (ship.table.length !== 2) continue;
    for (const p of ship.candidates) {
      const a = ship.table.cells[p * 2] ?? 0;
      const b = ship.table.cells[p * 2 + 1] ?? 0;
      if (a === without || b === without) continue;
      for (const [u, v] of [
        [a, b],
        [b, a],
      ] as const) {
        const list = adjacent.get(u) ?? [];
        if (!list.includes(v)) list.push(v);
        adjacent.set(u, list);
      }
    }
  }
  const mate = new Map<number, number>();
  const even = [...adjacent.keys()].filter((c) => ((c % 10) + Math.floor(c / 10)) % 2 === 0);
  let size = 0;
  for (const start of even) {
    // Breadth-first search for an augmenting path from this free even cell.
    const parent = new Map<number, number>();
    const queue = [start];
    const visited = new Set([start]);
    let end = -1;
    while (queue.length > 0 && end < 0) {
      const u = queue.shift() ?? 0;
      for (const v of adjacent.get(u) ?? []) {
        if (parent.has(v)) continue;
        parent.set(v, u);
        const w = mate.get(v);
        if (w === undefined) {
          end = v;
          break;
        }
        if (!visited.has(w)) {
          visited.add(w);
          queue.push(w);
        }
      }
    }
    if (end < 0) continue;
    size++;
    for (let v = end; ; ) {
      const u = parent.get(v) ?? 0;
      const next = mate.get(u);
      mate.set(v, u);
      mate.set(u, v);
      if (u === start || next === undefined) break;
      v = next;
    }
  }
  return size;
}

describe('the cover of the two-cell ships (cover.ts)', () => {
  it('marks exactly the cells whose removal shrinks a largest matching, on random boards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 60 }), (seed, count) => {
        const rng = createRng(seed);
        const misses = Array.from({ length: count }, () => rng.int(CELLS));
        const k = readKnowledge(viewOf(rowsWith(misses), ALL_BUT_DESTROYER));
        const essential = essentialCells(k);
        if (!essential) return;
        const whole = matchingSize(k);
        for (const c of k.unknown) {
          const drop = whole - matchingSize(k, c);
          expect(essential[c], `cell ${c}`).toBe(drop === 1 ? 1 : 0);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('on an open board every cell is in every largest matching; after one miss, only its colour', () => {
    const open = readKnowledge(viewOf([]));
    expect([...(essentialCells(open) ?? [])].every((e) => e === 1)).toBe(true);
    const one = readKnowledge(viewOf(['....o'])); // (4,0): even colour
    const essential = essentialCells(one) ?? new Uint8Array();
    for (const c of one.unknown)
      expect(essential[c], `cell ${c}`).toBe(((c % 10) + Math.floor(c / 10)) % 2 === 0 ? 1 : 0);
  });

  it('covers a ragged pocket with its fewest cells: a row of three open cells needs only its middle', () => {
    // Every cell water but (3,5), (4,5), (5,5): two destroyer placements share (4,5).
    const cells = Array.from({ length: CELLS }, () => 'o');
    for (const x of [3, 4, 5]) cells[50 + x] = '.';
    const rows = Array.from({ length: 10 }, (_, y) => cells.slice(y * 10, y * 10 + 10).join(''));
    const k = readKnowledge(viewOf(rows, ALL_BUT_DESTROYER));
    const essential = essentialCells(k) ?? new Uint8Array();
    expect([essential[53], essential[54], essential[55]]).toEqual([0, 1, 0]);
  });

  it('gives the cover and, while a ship of four or more is afloat, one diagonal class inside it its bonuses', () => {
    const k = readKnowledge(viewOf(['....o'])); // the even colour is the cover
    const score = new Float64Array(CELLS).fill(1);
    preferCover(k, score);
    const both = HUNT_BONUS.cover * HUNT_BONUS.sub;
    const diagonals = new Set<number>();
    for (const c of k.unknown) {
      const even = ((c % 10) + Math.floor(c / 10)) % 2 === 0;
      if (!even) expect(score[c]).toBe(1);
      else if (score[c] === HUNT_BONUS.cover) continue;
      else {
        expect(score[c]).toBeCloseTo(both);
        diagonals.add(((((c % 10) - Math.floor(c / 10)) % 4) + 4) % 4);
      }
    }
    expect(diagonals.size).toBe(1);
    // With only the destroyer and the cruisers afloat (carrier and battleship sunk) the cover alone.
    const small = readKnowledge(
      viewOf(rowsWith([4], { '0': FLEET['0'], '1': FLEET['1'] }), { '0': FLEET['0'], '1': FLEET['1'] }),
    );
    const plain = new Float64Array(CELLS).fill(1);
    preferCover(small, plain);
    expect(new Set(small.unknown.map((c) => plain[c]))).toEqual(new Set([1, HUNT_BONUS.cover]));
  });

  it('leaves target mode alone, and hunts the shortest ship’s lattice once no two-cell ship is afloat', () => {
    const target = new Float64Array(CELLS).fill(1);
    preferCover(readKnowledge(viewOf(['x'])), target);
    expect([...target].every((s) => s === 1)).toBe(true);
    const noDestroyer = { '4': FLEET['4'] };
    const k = readKnowledge(viewOf(rowsWith([], noDestroyer), noDestroyer));
    const score = new Float64Array(CELLS).fill(1);
    preferCover(k, score);
    const favoured = new Set(k.unknown.filter((c) => score[c] !== 1).map((c) => ((c % 10) + Math.floor(c / 10)) % 3));
    expect(favoured.size).toBe(1);
  });
});

describe('the last ship (last-ship.ts)', () => {
  it('values the finish after a first hit in open water at its length and a half shots', () => {
    for (const length of [2, 3, 4, 5]) expect(finishCost(length, (1 << (2 * length)) - 1)).toBeCloseTo(length + 0.5);
    expect(finishCost(2, 0b0001)).toBe(1); // one way left: one sure shot
    expect(finishCost(1, 0b1)).toBe(0); // a one-cell boat sinks with its hit
  });

  it('finishes two hits of a cruiser at one of the two ends, never elsewhere', () => {
    const cell = smallBestCell([[12], [15]]);
    expect([12, 15]).toContain(cell);
    // Three placements sharing cell 7: the sure cell comes first.
    expect(
      smallBestCell([
        [7, 8],
        [6, 7],
        [7, 17],
      ]),
    ).toBe(7);
  });

  it('shoots an unknown cell some consistent placement of the last ship covers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 70 }), (seed, count) => {
        const rng = createRng(seed);
        const misses = Array.from({ length: count }, () => rng.int(CELLS));
        const k = readKnowledge(viewOf(rowsWith(misses), ALL_BUT_DESTROYER));
        const cell = lastShipCell(k);
        const ship = k.afloat[0];
        if (!ship || ship.candidates.length === 0) return expect(cell).toBe(-1);
        expect(k.cells[cell]).toBe(UNKNOWN);
        const covered = [...ship.candidates].some(
          (p) => ship.table.cells[p * 2] === cell || ship.table.cells[p * 2 + 1] === cell,
        );
        expect(covered).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('once the last ship is hit, shoots next to the hit', () => {
    const rows = rowsWith([]);
    const hit = 77; // (7,7): not on a sunk ship of FLEET
    const picture = rows.map((r, y) => (y === 7 ? `${r.slice(0, 7)}x${r.slice(8)}` : r));
    const k = readKnowledge(viewOf(picture, ALL_BUT_DESTROYER));
    expect(k.cells[hit]).toBe(HIT);
    expect([67, 76, 78, 87]).toContain(lastShipCell(k));
  });
});

describe('the best shooter', () => {
  it('replays a game exactly for a seed, under classic, no-touch and russian rules', () => {
    const placer = placerNamed('random');
    for (const rules of [makeRules(), makeRules({ touch: false }), makeRules({ fleet: 'russian' })]) {
      const a = [0, 1, 2].map((i) => benchGame(bestShooter, placer, 7, i, undefined, rules).shots);
      const b = [0, 1, 2].map((i) => benchGame(bestShooter, placer, 7, i, undefined, rules).shots);
      expect(a).toEqual(b);
    }
  });
});
