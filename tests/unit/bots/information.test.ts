import { describe, expect, it } from 'vitest';
import { densityShooter } from '../../../src/bots/shooters/density';
import { createSampler, occupancy } from '../../../src/bots/shooters/sampler';
import { readKnowledge } from '../../../src/bots/knowledge';
import type { ShotStrategy } from '../../../src/bots';
import { type Coord, createRng, randomFleet, SHIP_KEYS } from '../../../src/game';
import { run, viewOf } from './helpers';

/* Each rule that narrows where the afloat ships can be gets a board where only that rule picks the
 * right shot: a shooter ignoring it would, at least some of the time, shoot elsewhere. */

const shooters: [string, ShotStrategy][] = [
  ['density', densityShooter],
  ['sampler', createSampler(600)],
];

function shotsOf(shooter: ShotStrategy, view: ReturnType<typeof viewOf>, tries = 8): Coord[] {
  return Array.from({ length: tries }, (_, seed) => shooter.nextShot(view, createRng(seed)));
}

const key = (c: Coord): string => `${c.x},${c.y}`;

describe.each(shooters)('%s uses every piece of information', (_, shooter) => {
  it('a hit: shoots next to it', () => {
    const view = viewOf(['', '', '', '', '....x']);
    for (const shot of shotsOf(shooter, view)) {
      expect(['3,4', '5,4', '4,3', '4,5']).toContain(key(shot));
    }
  });

  it('a line of hits: extends the line rather than shooting beside it', () => {
    const view = viewOf(['', '', '', '', '...xx']);
    for (const shot of shotsOf(shooter, view)) expect(['2,4', '5,4']).toContain(key(shot));
  });

  it('misses: never goes where a miss closes the way', () => {
    // Misses left, right and above the hit: the ship can only run downwards.
    const view = viewOf(['', '', '', '....o', '...oxo']);
    for (const shot of shotsOf(shooter, view)) expect(key(shot)).toBe('4,5');
  });

  it('sunk ships: only the afloat ship counts, so an area too small for it is skipped', () => {
    // Ships 1-4 are sunk (D); only the carrier (5) is afloat. Unknown cells: a run of 5 on row 0,
    // and a 4x4 block where the sunk ships would have had more room than the run offers.
    const rows = [
      '.....ooooo',
      'oooooooooo',
      '####oooooo',
      'oooooooooo',
      '###oo....o',
      'ooooo....o',
      '###oo....o',
      'ooooo....o',
      '##oooooooo',
      'oooooooooo',
    ];
    const sunk = { '1': run(0, 2, 4), '2': run(0, 4, 3), '3': run(0, 6, 3), '4': run(0, 8, 2) };
    for (const shot of shotsOf(shooter, viewOf(rows, sunk))) {
      expect(shot.y).toBe(0);
      expect(shot.x).toBeLessThan(5);
    }
  });

  it('the sunk map: a sunk ship blocks its cells even when the grid frame lags behind', () => {
    // The grid still shows the destroyer as two hits, but the sunk map says it is gone: those hits
    // need no follow-up, and the only afloat ship left (a cruiser) fits only in columns 8-9.
    const rows = ['xx.ooooooo', 'oooooooooo', 'oooooooo..', 'oooooooo..', 'oooooooo..', 'ooooooooo.'];
    const rest = Array.from({ length: 4 }, () => 'oooooooooo');
    const view = viewOf([...rows, ...rest], {
      '0': run(0, 9, 5),
      '1': run(0, 8, 4),
      '2': run(0, 7, 3),
      '3': run(0, 6, 3),
      '4': run(0, 0, 2),
    });
    // Everything is sunk in the map, so fake one afloat ship: drop ship 2 from the map.
    const { '2': _cruiser, ...sunk } = view.sunk;
    const partial = { grid: view.grid, sunk };
    for (const shot of shotsOf(shooter, partial)) expect(shot.x === 2 && shot.y === 0).toBe(false);
  });
});

describe('sampler', () => {
  it('hunts exactly where density does while nothing is hit (exact counts, no sampling noise)', () => {
    const sampler = createSampler(600);
    const views = [
      viewOf([]),
      viewOf(['o', '..o', '....o', '', '.....o']),
      viewOf(['#####', 'o', '', '...o'], { '0': run(0, 0, 5) }),
    ];
    for (const view of views) {
      for (let seed = 0; seed < 6; seed++) {
        expect(sampler.nextShot(view, createRng(seed))).toEqual(densityShooter.nextShot(view, createRng(seed)));
      }
    }
  });

  it('once something is hit, follows whole boards where counting each ship alone goes elsewhere', () => {
    // Hits at (2,1) and (3,5). Counting each ship's placements independently favours (2,5); over
    // whole consistent boards (2,2) holds a ship in about 77% of them, (2,5) in about 57%.
    const view = viewOf([
      'oo...o....',
      '..xo..o...',
      '....o...o.',
      '.o.......o',
      '.......o..',
      '...x...o..',
      '.......o..',
      '......o.o.',
      '...o......',
      'oo.o..o..o',
    ]);
    for (const shot of shotsOf(densityShooter, view)) expect(key(shot)).toBe('2,5');
    for (const shot of shotsOf(createSampler(2500), view)) expect(key(shot)).toBe('2,2');
  });

  it('never explains hits with a ship lying wholly on them (that ship would be sunk)', () => {
    // Two hits closed on the right: if the destroyer could sit on exactly those two cells, the
    // cells below would be unremarkable; since it cannot, each hit needs a vertical ship below it.
    const view = viewOf(['xxo', '', '']);
    const k = readKnowledge(view);
    const tally = occupancy(k, createRng(1), 3000);
    expect(tally).not.toBeNull();
    const total = (tally?.[0] ?? 0) as number; // cell (0,0) is a hit: every board covers it
    expect(((tally?.[10] ?? 0) as number) / total).toBeCloseTo(1, 5);
    expect(((tally?.[11] ?? 0) as number) / total).toBeCloseTo(1, 5);
  });

  it('estimates the same occupancy as brute-force rejection over uniform fleets', () => {
    const view = viewOf(['', '..o', '', '...o..o', '', '.....o', '', 'o', '', '.........o']);
    const k = readKnowledge(view);
    const tally = occupancy(k, createRng(2), 20_000);
    expect(tally).not.toBeNull();
    const misses = new Set<number>();
    view.grid.forEach((row, y) => {
      row.forEach((c, x) => {
        if (c === 'M') misses.add(y * 10 + x);
      });
    });
    // Ground truth: uniform legal fleets that avoid every miss, counted cell by cell.
    const counts = new Float64Array(100);
    const rng = createRng(3);
    let accepted = 0;
    while (accepted < 20_000) {
      const fleet = randomFleet(rng);
      const cells = SHIP_KEYS.flatMap((s) => fleet[s].map((c) => c.y * 10 + c.x));
      if (cells.some((c) => misses.has(c))) continue;
      accepted++;
      for (const c of cells) counts[c] = (counts[c] ?? 0) + 1;
    }
    let sum = 0;
    for (const v of tally ?? []) sum += v;
    const total = sum / 17;
    for (let c = 0; c < 100; c++) {
      expect(Math.abs((tally?.[c] ?? 0) / total - (counts[c] ?? 0) / accepted)).toBeLessThan(0.03);
    }
  });
});
