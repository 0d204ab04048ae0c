import { type Cell, type Coord, CLASSIC_RULES, type Rules } from '../../game';

/*
 * Aiming a salvo (docs/game.md, "Rule variants"): under salvo rules a player fires as many shots
 * as they have ships afloat, all at once. They aim cell by cell, may take an aim back, and fire
 * when every shot is aimed. Pure: the app's store keeps the aimed cells, the stage draws them.
 */
type ReadonlyGrid = readonly (readonly Cell[])[];

export type AimChange = 'aimed' | 'unaimed' | 'full' | 'shot';

const same = (a: Coord, b: Coord) => a.x === b.x && a.y === b.y;

/**
 * Aims at `at`, or takes the aim back if it was aimed. Refused (nothing changes) at a cell already
 * shot or when every shot of the turn is aimed.
 */
export function toggleAim(
  aimed: readonly Coord[],
  at: Coord,
  limit: number,
  opponentBoats: ReadonlyGrid,
): { readonly aimed: readonly Coord[]; readonly change: AimChange } {
  if (aimed.some((c) => same(c, at))) return { aimed: aimed.filter((c) => !same(c, at)), change: 'unaimed' };
  if (opponentBoats[at.y]?.[at.x] !== 'E') return { aimed, change: 'shot' };
  if (aimed.length >= limit) return { aimed, change: 'full' };
  return { aimed: [...aimed, { x: at.x, y: at.y }], change: 'aimed' };
}

/** The aim that still holds after a change of the view: cells not shot since, no more than the limit. */
export function keptAim(aimed: readonly Coord[], limit: number, opponentBoats: ReadonlyGrid): readonly Coord[] {
  const kept = aimed.filter((c) => opponentBoats[c.y]?.[c.x] === 'E').slice(0, Math.max(0, limit));
  return kept.length === aimed.length ? aimed : kept;
}

export interface AimCounter {
  readonly aimed: number;
  readonly limit: number;
  /** Every shot of the turn is aimed: the salvo may be fired. */
  readonly ready: boolean;
}

export function aimCounter(aimed: readonly Coord[], limit: number): AimCounter {
  return { aimed: aimed.length, limit, ready: aimed.length === limit && limit > 0 };
}

/** True when the rules fire several shots a turn, aimed one by one. */
export function aimsSalvo(rules: Rules = CLASSIC_RULES): boolean {
  return rules.shots === 'salvo';
}
