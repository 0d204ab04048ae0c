import { edgePlacer } from './placers/edge';
import { randomPlacer } from './placers/random';
import { bestShooter } from './shooters/best';
import { densityShooter } from './shooters/density';
import { huntShooter } from './shooters/hunt';
import { randomShooter } from './shooters/random';
import { samplerShooter } from './shooters/sampler';
import type { PlacementStrategy, ShotStrategy } from './types';

/** Every shooter by name, weakest first. */
export const SHOOTERS: Readonly<Record<string, ShotStrategy>> = {
  random: randomShooter,
  hunt: huntShooter,
  density: densityShooter,
  sampler: samplerShooter,
  best: bestShooter,
};
export const SHOOTER_NAMES = Object.keys(SHOOTERS);

export const PLACERS: Readonly<Record<string, PlacementStrategy>> = {
  random: randomPlacer,
  edge: edgePlacer,
};
export const PLACER_NAMES = Object.keys(PLACERS);

export class UnknownStrategyError extends Error {
  constructor(kind: 'shot' | 'placement', name: string, known: readonly string[]) {
    super(`unknown ${kind} strategy "${name}" (known: ${known.join(', ')})`);
    this.name = 'UnknownStrategyError';
  }
}

export function shooterNamed(name: string): ShotStrategy {
  const found = Object.hasOwn(SHOOTERS, name) ? SHOOTERS[name] : undefined;
  if (!found) throw new UnknownStrategyError('shot', name, SHOOTER_NAMES);
  return found;
}

export function placerNamed(name: string): PlacementStrategy {
  const found = Object.hasOwn(PLACERS, name) ? PLACERS[name] : undefined;
  if (!found) throw new UnknownStrategyError('placement', name, PLACER_NAMES);
  return found;
}
