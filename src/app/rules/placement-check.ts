import { type FleetErrorCode, type Rules, type ShipKey, type ShipMap, touchingShips, validateFleet } from '../../game';

/**
 * Whether the fleet being placed may be sent, and if not which ships are refused and why
 * (docs/game.md, "Rule variants"): under no-touch rules every ship touching another is refused,
 * so the stage draws them refused and Validate waits until they are moved apart.
 */
export type PlacementCheck =
  | { readonly ok: true; readonly refused: readonly ShipKey[] }
  | { readonly ok: false; readonly code: FleetErrorCode; readonly refused: readonly ShipKey[] };

export function checkPlacement(fleet: ShipMap, rules: Rules): PlacementCheck {
  const valid = validateFleet(fleet, rules);
  if (valid.ok) return { ok: true, refused: [] };
  const { code, ship } = valid.error;
  const refused = code === 'TOUCHING' ? [...touchingShips(fleet)].sort() : [ship];
  return { ok: false, code, refused };
}
