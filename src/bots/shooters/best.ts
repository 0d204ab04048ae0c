import { coordOf, type Rng } from '../../game';
import { type HuntBonus, HUNT_BONUS, preferCover } from '../cover';
import { CELLS, type Knowledge, readKnowledge } from '../knowledge';
import { lastShipCell } from '../last-ship';
import { argmax } from '../pick';
import type { ShotStrategy } from '../types';
import { densityScores } from './density';

export interface BestOptions {
  readonly bonus?: HuntBonus;
  /** Search the last ship's hunt exactly (last-ship.ts); off only to measure what it brings. */
  readonly lastShip?: boolean;
  /** Order the last ship's equal cells by the hunting bonuses (the cover and lattice cells first). */
  readonly lastShipTies?: boolean;
}

/** A tie-break below 1 per cell: 0.5 on the cells preferCover favours, 0 elsewhere. */
function coverTies(k: Knowledge, bonus: HuntBonus): (cell: number) => number {
  const score = new Float64Array(CELLS).fill(1);
  preferCover(k, score, bonus);
  return (cell) => ((score[cell] ?? 1) > 1 ? 0.5 : 0);
}

/**
 * The strongest shooter: density's counts (targeting included), hunting on the cells that cover
 * the hunts to come (cover.ts), and the last ship afloat searched exactly (last-ship.ts).
 */
export function createBest(options: BestOptions = {}): ShotStrategy {
  const bonus = options.bonus ?? HUNT_BONUS;
  const lastShip = options.lastShip ?? true;
  const lastShipTies = options.lastShipTies ?? true;
  return {
    name: 'best',
    description: 'density, hunting on the smallest cover of the ships left, the last ship searched exactly',
    nextShot(view, rng: Rng) {
      const k = readKnowledge(view);
      if (lastShip && k.afloat.length === 1) {
        const cell = lastShipCell(k, lastShipTies ? coverTies(k, bonus) : undefined);
        if (cell >= 0) return coordOf(cell);
      }
      const score = densityScores(k);
      preferCover(k, score, bonus);
      return argmax(k.unknown, score, rng);
    },
  };
}

export const bestShooter: ShotStrategy = createBest();
