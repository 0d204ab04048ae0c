import { randomFleet } from '../../game';
import type { PlacementStrategy } from '../types';

/** Uniform over every legal layout: the prior the density and sampler shooters assume. */
export const randomPlacer: PlacementStrategy = {
  name: 'random',
  description: 'uniform over all legal layouts',
  place: (rng, rules) => randomFleet(rng, rules),
};
