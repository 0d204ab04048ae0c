import type { Rng } from '../../game';
import { importanceOccupancy } from '../importance';
import { readKnowledge } from '../knowledge';
import { preferLattice, shortestAfloat } from '../lattice';
import { argmax } from '../pick';
import { rejectionOccupancy } from '../rejection';
import type { ShotStrategy } from '../types';
import { densityShooter } from './density';

/**
 * Boards kept per shot. Exact boards are cheap (about 0.4 µs per proposal, one in two to five
 * kept), so 5000 of them fit well inside the 10 ms budget and put the marginals within about
 * ±0.007 of the exact posterior. ATTEMPTS_PER_SAMPLE bounds the worst shot when most proposals
 * collide; IMPORTANCE_SAMPLES sizes the fallback used when the hits have too many explanations.
 */
export const SAMPLES = 5000;
export const ATTEMPTS_PER_SAMPLE = 8;
export const IMPORTANCE_SAMPLES = 3000;

/** Boards kept for any view (kept as a function: the package exports it). */
export function samplesFor(): number {
  return SAMPLES;
}

/**
 * Per-cell occupancy under the uniform posterior over whole boards consistent with every miss, hit
 * and sunk ship: exact rejection sampling (rejection.ts), or sequential importance sampling
 * (importance.ts) when the hits have too many explanations to list.
 */
export function occupancy(k: Parameters<typeof rejectionOccupancy>[0], rng: Rng, samples: number): Float64Array | null {
  return (
    rejectionOccupancy(k, rng, samples, samples * ATTEMPTS_PER_SAMPLE) ??
    importanceOccupancy(k, rng, Math.min(samples, IMPORTANCE_SAMPLES))
  );
}

/**
 * Posterior sampling: shoot the unknown cell most likely to hold a ship given whole boards
 * consistent with every miss, hit and sunk ship, hunting preferably on one lattice. Falls back to
 * `density` in the (rare) case where no board survived, so it always answers.
 */
export function createSampler(samples = SAMPLES): ShotStrategy {
  return {
    name: 'sampler',
    description: 'exact posterior over whole consistent boards by rejection sampling (≈ 44.5 shots)',
    nextShot(view, rng) {
      const k = readKnowledge(view);
      const tally = occupancy(k, rng, samples);
      if (!tally) return densityShooter.nextShot(view, rng);
      preferLattice(k, tally, shortestAfloat(k));
      return argmax(k.unknown, tally, rng);
    },
  };
}

export const samplerShooter: ShotStrategy = createSampler();
