import {
  cellIndex,
  type Coord,
  createRng,
  emptyGrid,
  GRID_SIZE,
  type Grid,
  type PartialShipMap,
  resolveShot,
  type Rules,
  type ShipKey,
  turnShots,
} from '../../game';
import { salvoOf } from '../salvo';
import type { PlacementStrategy, ShotStrategy } from '../types';
import type { AnalysisSource } from './moves';

/**
 * Two shooters play one whole game offline, refereed as the server does it (turn sizes from
 * turnShots, another move after a hit under `again: hit`, D over a sunk ship's cells): a finished
 * game to analyse in tests and benchmarks without a server. Players `a` (first) and `b`.
 */
export function offlineGame(
  rules: Rules,
  shooters: readonly [ShotStrategy, ShotStrategy],
  placer: PlacementStrategy,
  seed: number,
): AnalysisSource & { readonly winner: string } {
  const rng = createRng(seed);
  const ids = ['a', 'b'] as const;
  const fleets = [placer.place(rng, rules), placer.place(rng, rules)] as const;
  const grids: [Grid, Grid] = [emptyGrid(), emptyGrid()];
  const sunk: [Partial<Record<ShipKey, readonly Coord[]>>, Partial<Record<ShipKey, readonly Coord[]>>] = [{}, {}];
  const fired = [new Set<number>(), new Set<number>()] as const;
  const shots: { shooterId: string; x: number; y: number }[] = [];
  let turn: 0 | 1 = 0;
  for (;;) {
    const them: 0 | 1 = turn === 0 ? 1 : 0;
    const count = Math.max(
      1,
      turnShots({
        rules,
        fleet: fleets[turn],
        shotsAtFleet: fired[them],
        unshotTargets: GRID_SIZE * GRID_SIZE - fired[turn].size,
      }),
    );
    const view = { grid: grids[turn], sunk: sunk[turn] as PartialShipMap, rules };
    const cells = salvoOf(shooters[turn], view, count, rng);
    let hit = false;
    for (const c of cells) {
      const out = resolveShot(fleets[them], fired[turn], c);
      fired[turn].add(cellIndex(c));
      shots.push({ shooterId: ids[turn], x: c.x, y: c.y });
      const row = grids[turn][c.y];
      if (row) row[c.x] = out.result;
      hit ||= out.result !== 'M';
      if (out.sunk !== undefined) {
        const ship = fleets[them][out.sunk] ?? [];
        sunk[turn][out.sunk] = ship;
        for (const s of ship) {
          const r = grids[turn][s.y];
          if (r) r[s.x] = 'D';
        }
      }
      if (out.won)
        return {
          rules,
          players: [
            { userId: 'a', fleet: fleets[0] },
            { userId: 'b', fleet: fleets[1] },
          ],
          shots,
          winner: ids[turn],
        };
    }
    if (!(rules.again === 'hit' && hit)) turn = them;
  }
}
