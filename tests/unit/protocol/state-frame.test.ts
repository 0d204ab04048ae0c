import { describe, expect, it } from 'vitest';
import { emptyGrid, type Grid } from '../../../src/game';
import {
  gridOfRows,
  gridRows,
  initialMatch,
  StateFrameSchema,
  toWireFrame,
  type StateFrame,
} from '../../../src/protocol';

/* The broadside/2 state frame's grids travel as rows of cell codes (docs/protocol.md). */

function sampleGrid(): Grid {
  const grid = emptyGrid();
  const marks: [number, number, 'S' | 'M' | 'H' | 'D'][] = [
    [0, 0, 'S'],
    [9, 0, 'M'],
    [3, 4, 'H'],
    [0, 9, 'D'],
    [9, 9, 'S'],
  ];
  for (const [x, y, cell] of marks) {
    const row = grid[y];
    if (row) row[x] = cell;
  }
  return grid;
}

const frame = (grid: Grid): StateFrame => ({
  seq: 7,
  view: {
    status: 'PLAY',
    members: [],
    shipsIndexes: null,
    playerBoats: grid,
    opponentBoats: emptyGrid(),
    opponentShipsIndexes: {},
    battlePlace: null,
    winner: null,
    match: initialMatch(),
  },
});

describe('state frame grids as rows', () => {
  it('writes row y as the string of its cells, x-th character for (x, y), and reads it back', () => {
    const grid = sampleGrid();
    const rows = gridRows(grid);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toBe('SEEEEEEEEM');
    expect(rows[4]).toBe('EEEHEEEEEE');
    expect(rows[9]).toBe('DEEEEEEEES');
    expect(gridOfRows(rows)).toEqual(grid);
  });

  it('the schema reads a wire frame back into the same frame, and the wire holds no nested cell arrays', () => {
    const original = frame(sampleGrid());
    const wire = toWireFrame(original);
    expect(JSON.stringify(wire)).not.toContain('[["');
    const read = StateFrameSchema.safeParse(JSON.parse(JSON.stringify(wire)));
    expect(read.success).toBe(true);
    expect(read.data).toEqual(original);
  });

  it('refuses rows of the wrong length or count, unknown cell codes, and the nested arrays', () => {
    const wire = toWireFrame(frame(sampleGrid()));
    const withRows = (playerBoats: unknown) => ({ ...wire, view: { ...wire.view, playerBoats } });
    const rows = [...wire.view.playerBoats];
    expect(StateFrameSchema.safeParse(withRows(rows.slice(1))).success).toBe(false);
    expect(StateFrameSchema.safeParse(withRows([`${rows[0]}E`, ...rows.slice(1)])).success).toBe(false);
    expect(StateFrameSchema.safeParse(withRows(['XEEEEEEEEE', ...rows.slice(1)])).success).toBe(false);
    expect(StateFrameSchema.safeParse(withRows(sampleGrid())).success).toBe(false);
    expect(StateFrameSchema.safeParse(withRows(rows)).success).toBe(true);
  });
});
