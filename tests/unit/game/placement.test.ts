import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Coord,
  GRID_SIZE,
  inBounds,
  isStraightRun,
  moveShip,
  orientationOf,
  placeShip,
  rotateShip,
  SHIP_KEYS,
  type ShipKey,
  type ShipMap,
  shipAt,
  shipCells,
  shipLength,
  validateFleet,
} from '../../../src/game';
import {
  deepFreeze,
  fixedFleet,
  fleetFromSeedArb,
  layoutArb,
  looseCoordArb,
  shipKeyArb,
  unwrap,
  unwrapErr,
  verticalFleet,
} from './helpers';

/** A copy of `fleet` with one ship's cells replaced, typed loosely enough to build broken fleets. */
function withShip(fleet: ShipMap, ship: ShipKey, cells: readonly Coord[]): ShipMap {
  return { ...fleet, [ship]: cells };
}

/** Cells of every ship but `ship`, as "x,y" strings: an oracle independent of the code under test. */
function otherCells(fleet: ShipMap, ship: ShipKey): Set<string> {
  const out = new Set<string>();
  for (const key of SHIP_KEYS) if (key !== ship) for (const c of fleet[key]) out.add(`${c.x},${c.y}`);
  return out;
}

describe('validateFleet', () => {
  it('accepts a legal fleet and hands it back', () => {
    const fleet = fixedFleet();
    expect(validateFleet(fleet)).toEqual({ ok: true, value: fleet });
    expect(validateFleet(verticalFleet()).ok).toBe(true);
  });

  it('accepts ships that touch side by side', () => {
    const fleet = withShip(fixedFleet(), '1', shipCells({ x: 0, y: 1 }, 4, 'horizontal'));
    expect(validateFleet(fleet).ok).toBe(true);
  });

  it('reports a missing ship with its number', () => {
    const { '3': _gone, ...rest } = fixedFleet();
    expect(validateFleet(rest as unknown as ShipMap)).toEqual({
      ok: false,
      error: { code: 'MISSING_SHIP', ship: '3' },
    });
  });

  it('reports a ship of the wrong length, too short or too long', () => {
    const short = withShip(fixedFleet(), '0', shipCells({ x: 0, y: 0 }, 4, 'horizontal'));
    expect(validateFleet(short)).toEqual({ ok: false, error: { code: 'WRONG_LENGTH', ship: '0' } });
    const long = withShip(fixedFleet(), '4', shipCells({ x: 0, y: 7 }, 3, 'vertical'));
    expect(validateFleet(long)).toEqual({ ok: false, error: { code: 'WRONG_LENGTH', ship: '4' } });
    const empty = withShip(fixedFleet(), '2', []);
    expect(validateFleet(empty)).toEqual({ ok: false, error: { code: 'WRONG_LENGTH', ship: '2' } });
  });

  it.each<[string, Coord[]]>([
    [
      'a diagonal',
      [
        { x: 4, y: 4 },
        { x: 5, y: 5 },
        { x: 6, y: 6 },
      ],
    ],
    [
      'a gap',
      [
        { x: 4, y: 4 },
        { x: 5, y: 4 },
        { x: 7, y: 4 },
      ],
    ],
    [
      'a bend',
      [
        { x: 4, y: 4 },
        { x: 5, y: 4 },
        { x: 5, y: 5 },
      ],
    ],
    [
      'a run to the left',
      [
        { x: 6, y: 4 },
        { x: 5, y: 4 },
        { x: 4, y: 4 },
      ],
    ],
    [
      'a run upwards',
      [
        { x: 4, y: 6 },
        { x: 4, y: 5 },
        { x: 4, y: 4 },
      ],
    ],
    [
      'cells out of order',
      [
        { x: 4, y: 4 },
        { x: 6, y: 4 },
        { x: 5, y: 4 },
      ],
    ],
    [
      'a repeated cell',
      [
        { x: 4, y: 4 },
        { x: 5, y: 4 },
        { x: 5, y: 4 },
      ],
    ],
  ])('reports a ship that is not straight: %s', (_name, cells) => {
    const fleet = withShip(fixedFleet(), '3', cells);
    expect(validateFleet(fleet)).toEqual({ ok: false, error: { code: 'NOT_STRAIGHT', ship: '3' } });
  });

  it.each<[string, Coord[]]>([
    ['past the right edge', shipCells({ x: 8, y: 6 }, 3, 'horizontal')],
    ['past the bottom edge', shipCells({ x: 4, y: 8 }, 3, 'vertical')],
    ['at negative coordinates', shipCells({ x: -1, y: 6 }, 3, 'horizontal')],
    [
      'on a fractional cell',
      [
        { x: 4.5, y: 6 },
        { x: 5.5, y: 6 },
        { x: 6.5, y: 6 },
      ],
    ],
  ])('reports a ship out of bounds: %s', (_name, cells) => {
    const fleet = withShip(fixedFleet(), '3', cells);
    expect(validateFleet(fleet)).toEqual({ ok: false, error: { code: 'OUT_OF_BOUNDS', ship: '3' } });
  });

  it('reports an overlap, naming the later ship', () => {
    // Ship 3 crosses ship 1 (row 2, x 0..3) at (2,2).
    const fleet = withShip(fixedFleet(), '3', shipCells({ x: 2, y: 1 }, 3, 'vertical'));
    expect(validateFleet(fleet)).toEqual({ ok: false, error: { code: 'OVERLAP', ship: '3' } });
  });

  it('returns errors as values and never throws on a broken fleet', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('0', '1', '2', '3', '4'), fc.array(looseCoordArb, { maxLength: 6 })),
        (raw) => {
          const result = validateFleet(raw as unknown as ShipMap);
          if (!result.ok) {
            expect(['MISSING_SHIP', 'WRONG_LENGTH', 'NOT_STRAIGHT', 'OUT_OF_BOUNDS', 'OVERLAP']).toContain(
              result.error.code,
            );
          }
        },
      ),
    );
  });

  it('accepts every legal layout built independently of the code under test', () => {
    fc.assert(
      fc.property(layoutArb, ({ fleet }) => {
        expect(validateFleet(fleet).ok).toBe(true);
      }),
    );
  });
});

describe('isStraightRun and orientationOf', () => {
  it('derives the orientation from the cells', () => {
    expect(orientationOf(shipCells({ x: 1, y: 1 }, 3, 'horizontal'))).toBe('horizontal');
    expect(orientationOf(shipCells({ x: 1, y: 1 }, 3, 'vertical'))).toBe('vertical');
  });

  it('only accepts runs going right or down one step at a time', () => {
    expect(isStraightRun(shipCells({ x: 1, y: 1 }, 4, 'horizontal'))).toBe(true);
    expect(isStraightRun(shipCells({ x: 1, y: 1 }, 4, 'vertical'))).toBe(true);
    expect(
      isStraightRun([
        { x: 3, y: 1 },
        { x: 2, y: 1 },
      ]),
    ).toBe(false);
    expect(
      isStraightRun([
        { x: 1, y: 1 },
        { x: 1, y: 3 },
      ]),
    ).toBe(false);
  });
});

describe('moveShip', () => {
  it('moves a ship so that its first cell lands on the target, keeping its orientation', () => {
    const moved = unwrap(moveShip(fixedFleet(), '3', { x: 2, y: 7 }));
    expect(moved['3']).toEqual(shipCells({ x: 2, y: 7 }, 3, 'horizontal'));
    const down = unwrap(moveShip(fixedFleet(), '2', { x: 5, y: 6 }));
    expect(down['2']).toEqual(shipCells({ x: 5, y: 6 }, 3, 'vertical'));
  });

  it('refuses a move past the edge', () => {
    expect(unwrapErr(moveShip(fixedFleet(), '0', { x: 6, y: 9 }))).toBe('OUT_OF_BOUNDS');
    expect(unwrapErr(moveShip(fixedFleet(), '2', { x: 9, y: 8 }))).toBe('OUT_OF_BOUNDS');
  });

  it('refuses a move onto another ship', () => {
    expect(unwrapErr(moveShip(fixedFleet(), '4', { x: 3, y: 1 }))).toBe('OVERLAP');
  });

  it('lets a ship move onto its own former cells', () => {
    const moved = unwrap(moveShip(fixedFleet(), '0', { x: 1, y: 0 }));
    expect(moved['0']).toEqual(shipCells({ x: 1, y: 0 }, 5, 'horizontal'));
  });

  it('property: accepts exactly the in-bounds, non-overlapping moves; a refusal changes nothing', () => {
    fc.assert(
      fc.property(fleetFromSeedArb, shipKeyArb, looseCoordArb, (fleet, ship, to) => {
        const before = structuredClone(fleet);
        deepFreeze(fleet);
        const expected = shipCells(to, shipLength(ship), orientationOf(fleet[ship]));
        const others = otherCells(fleet, ship);
        const result = moveShip(fleet, ship, to);
        expect(fleet).toEqual(before);
        if (!expected.every(inBounds)) {
          expect(result).toEqual({ ok: false, error: 'OUT_OF_BOUNDS' });
        } else if (expected.some((c) => others.has(`${c.x},${c.y}`))) {
          expect(result).toEqual({ ok: false, error: 'OVERLAP' });
        } else {
          const moved = unwrap(result);
          expect(moved[ship]).toEqual(expected);
          for (const key of SHIP_KEYS) if (key !== ship) expect(moved[key]).toEqual(fleet[key]);
          expect(validateFleet(moved).ok).toBe(true);
        }
      }),
    );
  });
});

describe('rotateShip', () => {
  it('turns a horizontal ship vertical around its first cell', () => {
    const turned = unwrap(rotateShip(fixedFleet(), '3'));
    expect(turned['3']).toEqual([
      { x: 5, y: 5 },
      { x: 5, y: 6 },
      { x: 5, y: 7 },
    ]);
  });

  it('turns a vertical ship horizontal around its first cell', () => {
    const fleet = withShip(fixedFleet(), '2', shipCells({ x: 6, y: 0 }, 3, 'vertical'));
    expect(unwrap(rotateShip(fleet, '2'))['2']).toEqual(shipCells({ x: 6, y: 0 }, 3, 'horizontal'));
  });

  it('refuses a rotation that leaves the grid', () => {
    // Ship 2 is vertical at column 9: turning it horizontal would run to x = 11.
    expect(unwrapErr(rotateShip(fixedFleet(), '2'))).toBe('OUT_OF_BOUNDS');
  });

  it('refuses a rotation onto another ship', () => {
    // Ship 0 (row 0) turned vertical would cross ship 1 on row 2.
    expect(unwrapErr(rotateShip(fixedFleet(), '0'))).toBe('OVERLAP');
  });

  it('property: pivots on the first cell, flips the orientation, and a refusal changes nothing', () => {
    fc.assert(
      fc.property(fleetFromSeedArb, shipKeyArb, (fleet, ship) => {
        const before = structuredClone(fleet);
        deepFreeze(fleet);
        const first = fleet[ship][0] as Coord;
        const flipped = orientationOf(fleet[ship]) === 'horizontal' ? 'vertical' : 'horizontal';
        const expected = shipCells(first, shipLength(ship), flipped);
        const others = otherCells(fleet, ship);
        const result = rotateShip(fleet, ship);
        expect(fleet).toEqual(before);
        if (!expected.every(inBounds)) expect(result).toEqual({ ok: false, error: 'OUT_OF_BOUNDS' });
        else if (expected.some((c) => others.has(`${c.x},${c.y}`)))
          expect(result).toEqual({ ok: false, error: 'OVERLAP' });
        else {
          const turned = unwrap(result);
          expect(turned[ship]).toEqual(expected);
          expect(orientationOf(turned[ship])).toBe(flipped);
          // Rotating back restores the original ship: the pivot never moves.
          expect(unwrap(rotateShip(turned, ship))[ship]).toEqual(before[ship]);
        }
      }),
    );
  });
});

describe('placeShip and shipAt', () => {
  it('places a ship anywhere legal and finds it again by any of its cells', () => {
    const placed = unwrap(placeShip(fixedFleet(), '4', { x: 7, y: 9 }, 'horizontal'));
    expect(shipAt(placed, { x: 8, y: 9 })).toBe('4');
    expect(shipAt(placed, { x: 0, y: 9 })).toBeUndefined();
    expect(shipAt(fixedFleet(), { x: 9, y: 2 })).toBe('2');
  });

  it('refuses a start off the grid', () => {
    expect(unwrapErr(placeShip(fixedFleet(), '4', { x: -1, y: 9 }, 'horizontal'))).toBe('OUT_OF_BOUNDS');
    expect(unwrapErr(placeShip(fixedFleet(), '4', { x: GRID_SIZE, y: 0 }, 'vertical'))).toBe('OUT_OF_BOUNDS');
  });
});
