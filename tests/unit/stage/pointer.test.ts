import { describe, expect, it } from 'vitest';
import { emptyGrid } from '../../../src/game';
import { clickTarget, dragTo, hoverTarget, pressShip, release } from '../../../src/stage/pointer';
import { fixedFleet } from '../game/helpers';

/* fixedFleet: ship 0 on row 0 from x 0 to 4; ship 1 on row 2 from x 0 to 3; ship 2 in column 9. */
const grid = { x: 100, y: 50, cell: 40 };
const centre = (x: number, y: number) => ({ x: grid.x + x * grid.cell + 20, y: grid.y + y * grid.cell + 20 });

describe('pressing and dragging a ship', () => {
  it('picks up the ship under the pointer, remembering where it was grabbed', () => {
    const drag = pressShip(grid, centre(2, 0), fixedFleet(), 7);
    expect(drag).toMatchObject({ ship: '0', pointerId: 7, dragging: false, target: { x: 0, y: 0 }, valid: true });
    // Grabbed in its third cell's centre: 2.5 cells right of its top-left corner, half a cell down.
    expect(drag?.grab).toEqual({ x: 100, y: 20 });
    expect(pressShip(grid, centre(5, 7), fixedFleet(), 1)).toBeNull();
    expect(pressShip(grid, { x: 0, y: 0 }, fixedFleet(), 1)).toBeNull();
  });

  it('stays a press until the pointer travels past the threshold', () => {
    const fleet = fixedFleet();
    const drag = pressShip(grid, centre(2, 0), fleet, 1);
    if (!drag) throw new Error('no drag');
    const nudged = dragTo(drag, grid, { x: centre(2, 0).x + 3, y: centre(2, 0).y }, fleet);
    expect(nudged.dragging).toBe(false);
    expect(release(nudged, fleet)).toEqual({ kind: 'rotate', ship: '0' });
  });

  it('snaps to the cell under the pointer and says whether the rules take it there', () => {
    const fleet = fixedFleet();
    const drag = pressShip(grid, centre(0, 0), fleet, 1);
    if (!drag) throw new Error('no drag');
    const down = dragTo(drag, grid, centre(0, 4), fleet);
    expect(down).toMatchObject({ dragging: true, target: { x: 0, y: 4 }, valid: true });
    expect(release(down, fleet)).toEqual({ kind: 'move', ship: '0', to: { x: 0, y: 4 } });
    // Onto ship 1's row: an overlap, refused, yet still dropped there for the app to refuse.
    const onto = dragTo(down, grid, centre(0, 2), fleet);
    expect(onto).toMatchObject({ target: { x: 0, y: 2 }, valid: false });
    expect(release(onto, fleet)).toEqual({ kind: 'move', ship: '0', to: { x: 0, y: 2 } });
    // Back home: valid, and nothing to do on release.
    const home = dragTo(onto, grid, centre(0, 0), fleet);
    expect(home).toMatchObject({ target: { x: 0, y: 0 }, valid: true });
    expect(release(home, fleet)).toEqual({ kind: 'none' });
  });

  it('never changes the drag it is given', () => {
    const fleet = fixedFleet();
    const drag = pressShip(grid, centre(0, 0), fleet, 1);
    if (!drag) throw new Error('no drag');
    const before = structuredClone(drag);
    dragTo(drag, grid, centre(0, 6), fleet);
    expect(drag).toEqual(before);
  });
});

describe('aiming at the opponent', () => {
  it('highlights a cell not yet shot, on this player turn only', () => {
    const boats = emptyGrid();
    const row = boats[3];
    if (row) row[4] = 'M';
    expect(hoverTarget(grid, centre(5, 3), boats, true)).toEqual({ x: 5, y: 3 });
    expect(hoverTarget(grid, centre(4, 3), boats, true)).toBeNull();
    expect(hoverTarget(grid, centre(5, 3), boats, false)).toBeNull();
    expect(hoverTarget(grid, { x: 0, y: 0 }, boats, true)).toBeNull();
  });

  it('a click aims at the cell under it in play, and at nothing otherwise', () => {
    expect(clickTarget(grid, centre(9, 9), 'PLAY')).toEqual({ x: 9, y: 9 });
    expect(clickTarget(grid, centre(9, 9), 'PLACE_SHIPS')).toBeNull();
    expect(clickTarget(grid, centre(10, 0), 'PLAY')).toBeNull();
  });
});
