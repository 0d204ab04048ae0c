import { describe, expect, it } from 'vitest';
import { readBoard } from '../../../src/bots/knowledge';
import { LATTICE_BONUS, preferLattice } from '../../../src/bots/lattice';
import { densityShooter } from '../../../src/bots/shooters/density';
import { createRng, emptyGrid, randomFleet, resolveShot } from '../../../src/game';
import { viewOf } from './helpers';

describe('hunting lattice', () => {
  it('favours one colour of the checkerboard while nothing is hit', () => {
    const board = readBoard(viewOf(['o']));
    const score = new Float64Array(100).fill(1);
    preferLattice(board, score);
    expect(score[0]).toBe(1); // a miss: not a candidate
    expect(score[2]).toBeCloseTo(LATTICE_BONUS); // (2,0)
    expect(score[1]).toBe(1); // (1,0), other colour
    expect(score[11]).toBeCloseTo(LATTICE_BONUS); // (1,1)
  });

  it('once the destroyer is sunk, hunts every third diagonal, the one with the fewest cells left', () => {
    // Misses on (0,0) and (3,0): class (x + y) mod 3 = 0 has two fewer unknown cells than the others.
    const board = readBoard(viewOf(['o..o']));
    const score = new Float64Array(100).fill(1);
    preferLattice(board, score, 3);
    expect(score[6]).toBeCloseTo(LATTICE_BONUS); // (6,0): 6 mod 3 = 0
    expect(score[12]).toBeCloseTo(LATTICE_BONUS); // (2,1): 3 mod 3 = 0
    expect(score[1]).toBe(1); // (1,0)
    expect(score[2]).toBe(1); // (2,0)
    expect(score[11]).toBe(1); // (1,1): 2 mod 3
  });

  it('leaves target mode alone', () => {
    const score = new Float64Array(100).fill(1);
    preferLattice(readBoard(viewOf(['x'])), score);
    expect([...score].every((s) => s === 1)).toBe(true);
  });

  it('keeps most of the density shooter’s hunting shots on one colour', () => {
    let even = 0;
    let hunting = 0;
    for (let game = 0; game < 10; game++) {
      const rng = createRng(game);
      const fleet = randomFleet(rng);
      const grid = emptyGrid();
      const fired = new Set<number>();
      // Hunting shots only: stop at the first hit.
      for (;;) {
        const shot = densityShooter.nextShot({ grid, sunk: {} }, rng);
        hunting++;
        if ((shot.x + shot.y) % 2 === 0) even++;
        const outcome = resolveShot(fleet, fired, shot);
        fired.add(shot.y * 10 + shot.x);
        if (outcome.result !== 'M') break;
        (grid[shot.y] ?? [])[shot.x] = 'M';
      }
    }
    expect(even / hunting).toBeGreaterThan(0.8);
  });
});
