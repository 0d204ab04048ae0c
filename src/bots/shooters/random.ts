import { readBoard } from '../knowledge';
import { pickAny } from '../pick';
import type { ShotStrategy } from '../types';

/** Any cell not shot yet, uniformly: the baseline every other shooter must beat. */
export const randomShooter: ShotStrategy = {
  name: 'random',
  description: 'uniformly random among the cells not shot yet (≈ 95 shots)',
  nextShot: (view, rng) => pickAny(readBoard(view).unknown, rng),
};
