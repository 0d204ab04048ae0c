import { type Rules, type ShipMap, validateFleet } from '../../game';
import { fromWireShips } from '../../protocol/spec-dialect';

/*
 * The fleet a player is arranging, kept in this tab's session storage until it is validated: a
 * reload (or a dropped connection that reloads the page) must not deal a new random layout over
 * the one they were building. It is game state, not a preference (preferences are held in memory
 * only), and it goes once the fleet is sent or the round leaves placement.
 */

const PREFIX = 'broadside.draft.';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function keyOf(userId: string, slug: string): string {
  return `${PREFIX}${userId}:${slug}`;
}

export function keepDraft(userId: string, slug: string, fleet: ShipMap): void {
  try {
    storage()?.setItem(keyOf(userId, slug), JSON.stringify(fleet));
  } catch {
    // A full or refused storage only costs the layout after a reload.
  }
}

/**
 * The layout kept for this player's placement in this room, if it is a whole fleet of `rules`
 * within the grid; ships may still touch, as while dragging (the server judges the fleet sent).
 */
export function keptDraft(userId: string, slug: string, rules: Rules): ShipMap | null {
  const text = storage()?.getItem(keyOf(userId, slug));
  if (!text) return null;
  try {
    const fleet = fromWireShips(JSON.parse(text)) as ShipMap;
    return validateFleet(fleet, { ...rules, touch: true }).ok ? fleet : null;
  } catch {
    return null;
  }
}

export function forgetDraft(userId: string, slug: string): void {
  storage()?.removeItem(keyOf(userId, slug));
}
