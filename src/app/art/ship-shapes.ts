import { CLASSIC_RULES, type Rules, SHIP_LENGTHS, type ShipKey, shipKind } from '../../game';

/**
 * One silhouette per ship class, as plain geometry in cell units: the ship lies horizontally, bow
 * to the right, its first cell's top-left corner at (0, 0), so it spans x ∈ [0, length], y ∈ [0, 1].
 * The PixiJS stage and the SVG pictograms (fleet tracker, how-to-play) draw the same numbers, so a
 * carrier looks like the same carrier everywhere. A vertical ship is this shape turned a quarter.
 */
export type Detail =
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
  | { readonly kind: 'circle'; readonly x: number; readonly y: number; readonly r: number };

export interface ShipShape {
  readonly length: number;
  /** The hull outline, [x0, y0, x1, y1, …], clockwise. */
  readonly hull: readonly number[];
  /** Deck features drawn over the hull: turrets, barrels, superstructure, flight-deck markings. */
  readonly details: readonly Detail[];
}

const rect = (x: number, y: number, w: number, h: number): Detail => ({ kind: 'rect', x, y, w, h });
const circle = (x: number, y: number, r: number): Detail => ({ kind: 'circle', x, y, r });

/** A turret facing the bow (+1) or the stern (-1): a round mount and its barrel. */
function turret(x: number, r: number, facing: 1 | -1): Detail[] {
  const barrel = r * 1.9;
  return [rect(facing === 1 ? x : x - barrel, 0.5 - r * 0.22, barrel, r * 0.44), circle(x, 0.5, r)];
}

/** A symmetric warship hull: square-ish stern, straight sides, a bow that narrows to a point. */
function warship(n: number, halfBeam: number, bowLength: number): number[] {
  const top = 0.5 - halfBeam;
  const bottom = 0.5 + halfBeam;
  const stern = 0.1;
  const shoulder = 0.28;
  return [
    stern,
    0.5 - halfBeam * 0.7,
    shoulder,
    top,
    n - bowLength,
    top,
    n - 0.05,
    0.5,
    n - bowLength,
    bottom,
    shoulder,
    bottom,
    stern,
    0.5 + halfBeam * 0.7,
  ];
}

/** A submarine's pressure hull: a superellipse, blunt at the bow, tapering aft. */
function cigar(n: number, halfBeam: number, points = 24): number[] {
  const out: number[] = [];
  const cx = n / 2;
  const a = n / 2 - 0.1;
  for (let i = 0; i < points; i++) {
    const t = (i / points) * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    // Exponent < 2 makes the ends fuller than an ellipse's.
    const x = cx + a * Math.sign(c) * Math.abs(c) ** 0.7;
    const y = 0.5 + halfBeam * Math.sign(s) * Math.abs(s) ** 0.8;
    out.push(Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000);
  }
  return out;
}

function carrier(): ShipShape {
  const n = SHIP_LENGTHS[0];
  // A flight deck: wide, straight, with a flared bow and the island on the starboard edge.
  const hull = [
    0.08,
    0.2,
    0.4,
    0.12,
    n - 0.75,
    0.12,
    n - 0.06,
    0.38,
    n - 0.06,
    0.62,
    n - 0.75,
    0.88,
    0.4,
    0.88,
    0.08,
    0.8,
  ];
  const runway = Array.from({ length: 6 }, (_, i) => rect(0.55 + i * 0.58, 0.48, 0.3, 0.05));
  return {
    length: n,
    hull,
    details: [...runway, rect(2.7, 0.14, 0.8, 0.2), rect(2.95, 0.17, 0.25, 0.14), rect(0.3, 0.3, 1.1, 0.04)],
  };
}

function battleship(): ShipShape {
  const n = SHIP_LENGTHS[1];
  return {
    length: n,
    hull: warship(n, 0.3, 1.1),
    details: [
      rect(1.35, 0.36, 1.0, 0.28),
      rect(1.6, 0.4, 0.35, 0.2),
      ...turret(n - 0.85, 0.15, 1),
      ...turret(n - 1.35, 0.15, 1),
      ...turret(0.75, 0.15, -1),
    ],
  };
}

function cruiser(): ShipShape {
  const n = SHIP_LENGTHS[2];
  return {
    length: n,
    hull: warship(n, 0.24, 0.85),
    details: [
      rect(0.95, 0.39, 0.75, 0.22),
      rect(1.2, 0.43, 0.22, 0.14),
      ...turret(n - 0.75, 0.12, 1),
      ...turret(0.55, 0.12, -1),
    ],
  };
}

function submarine(): ShipShape {
  const n = SHIP_LENGTHS[3];
  return {
    length: n,
    hull: cigar(n, 0.19),
    // The sail (conning tower) forward of midships, its planes, and the rudder at the stern.
    details: [rect(1.55, 0.41, 0.55, 0.18), rect(1.7, 0.33, 0.08, 0.34), rect(0.12, 0.46, 0.3, 0.08)],
  };
}

function destroyer(): ShipShape {
  const n = SHIP_LENGTHS[4];
  return {
    length: n,
    hull: warship(n, 0.2, 0.65),
    details: [rect(0.7, 0.4, 0.42, 0.2), circle(0.5, 0.5, 0.08), ...turret(n - 0.6, 0.1, 1)],
  };
}

/** A one-cell patrol boat (the russian fleet's smallest ships). */
function boat(): ShipShape {
  const n = 1;
  return {
    length: n,
    hull: warship(n, 0.17, 0.4),
    details: [rect(0.3, 0.42, 0.28, 0.16), circle(0.72, 0.5, 0.06)],
  };
}

/** Shapes by kind of ship (src/game's shipKind): a russian fleet draws battleship, cruisers, destroyers and boats. */
const SHAPES: Readonly<Record<string, ShipShape>> = {
  carrier: carrier(),
  battleship: battleship(),
  cruiser: cruiser(),
  submarine: submarine(),
  destroyer: destroyer(),
  boat: boat(),
};

export function shipShape(ship: ShipKey, rules: Rules = CLASSIC_RULES): ShipShape {
  return SHAPES[shipKind(ship, rules)] ?? destroyer();
}

/** The hull's extent across the ship (y), for hit marks and wakes that must stay on the hull. */
export function hullBeam(shape: ShipShape): { top: number; bottom: number } {
  let top = 1;
  let bottom = 0;
  for (let i = 1; i < shape.hull.length; i += 2) {
    const y = shape.hull[i] ?? 0.5;
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return { top, bottom };
}

/** SVG path data of the hull, scaled by `scale` px per cell. */
export function hullPath(shape: ShipShape, scale: number): string {
  const parts: string[] = [];
  for (let i = 0; i < shape.hull.length; i += 2) {
    const x = ((shape.hull[i] ?? 0) * scale).toFixed(1);
    const y = ((shape.hull[i + 1] ?? 0) * scale).toFixed(1);
    parts.push(`${i === 0 ? 'M' : 'L'}${x} ${y}`);
  }
  return `${parts.join(' ')} Z`;
}
