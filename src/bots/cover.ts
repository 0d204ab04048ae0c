import { GRID_SIZE } from '../game';
import { CELLS, type Knowledge } from './knowledge';
import { preferLattice, shortestAfloat } from './lattice';

/**
 * Where a hunting shot serves the hunts still to come, not only this one (the `best` shooter).
 *
 * A miss is worth what it rules out, and what decides the cost of the hunt for a ship is not how
 * many of its placements are left but how few cells can still meet them all (the smallest set of
 * cells that hits every placement; every such cell has to be shot before the ship is surely
 * found). For a two-cell ship the placements are the edges between unknown cells, a bipartite
 * graph (the checkerboard's two colours), whose smallest cell cover is as large as its largest
 * matching (König): a cell lowers that cover only if every largest matching uses it. Those cells
 * get a bonus: on an open board that is one colour of the checkerboard once a shot has chosen it,
 * and in the ragged pockets of a late game, whichever cells cover the pocket with the fewest shots.
 *
 * Ships of four or more cells are met by a sparser lattice inside that colour: every fourth
 * diagonal ((x − y) mod 4), half of it. Its cells get a second bonus while such a ship is afloat,
 * so the hunt sweeps the big ships' lattice first and fills in the colour for the small ones
 * after, instead of drifting between the two.
 *
 * With no two-cell ship afloat, the lattice of the shortest one (lattice.ts). Measured with
 * scratch trials of 6000–8000 games (docs/benchmarks.md, "The best shooter").
 */
export interface HuntBonus {
  /** Cells every largest matching of the two-cell ships' graph uses. */
  readonly cover: number;
  /** Those of them on the big ships' lattice, while a ship of four or more cells is afloat. */
  readonly sub: number;
  /** The shortest ship's lattice when no two-cell ship is afloat. */
  readonly lattice: number;
}

export const HUNT_BONUS: HuntBonus = { cover: 1.5, sub: 1.5, lattice: 1.15 };

/**
 * The cells every maximum matching of the graph uses, whose edges are the placements of the
 * two-cell ships afloat (null when none is): removing such a cell lowers the smallest cover of
 * those placements by one, removing any other leaves it as it was.
 */
export function essentialCells(k: Knowledge): Uint8Array | null {
  const adjacent: number[][] = Array.from({ length: CELLS }, () => []);
  let edges = 0;
  for (const ship of k.afloat) {
    if (ship.table.length !== 2) continue;
    for (let j = 0; j < ship.candidates.length; j++) {
      const p = ship.candidates[j] ?? 0;
      const a = ship.table.cells[p * 2] ?? 0;
      const b = ship.table.cells[p * 2 + 1] ?? 0;
      const around = adjacent[a] as number[];
      if (around.includes(b)) continue;
      around.push(b);
      (adjacent[b] as number[]).push(a);
      edges++;
    }
  }
  if (edges === 0) return null;
  const mate = new Int32Array(CELLS).fill(-1);
  const seen = new Int32Array(CELLS).fill(-1);
  // Kuhn's augmenting paths from the even colour's cells.
  const augment = (u: number, stamp: number): boolean => {
    for (const v of adjacent[u] as number[]) {
      if (seen[v] === stamp) continue;
      seen[v] = stamp;
      const w = mate[v] ?? -1;
      if (w === -1 || augment(w, stamp)) {
        mate[v] = u;
        mate[u] = v;
        return true;
      }
    }
    return false;
  };
  for (let c = 0; c < CELLS; c++) {
    if (colourOf(c) === 0 && (adjacent[c] as number[]).length > 0) augment(c, c);
  }
  // A matched cell is left out by some maximum matching iff an even alternating path leads to it
  // from an unmatched cell (swap the path's edges): walk those paths from every unmatched cell.
  const essential = new Uint8Array(CELLS);
  const stack: number[] = [];
  const reached = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if ((adjacent[c] as number[]).length === 0) continue;
    if (mate[c] === -1) {
      stack.push(c);
      reached[c] = 1;
    } else essential[c] = 1;
  }
  while (stack.length > 0) {
    const x = stack.pop() ?? 0;
    for (const y of adjacent[x] as number[]) {
      const z = mate[y] ?? -1;
      if (z < 0 || y === mate[x] || reached[z] === 1) continue;
      reached[z] = 1;
      essential[z] = 0;
      stack.push(z);
    }
  }
  return essential;
}

function colourOf(c: number): number {
  return ((c % GRID_SIZE) + Math.floor(c / GRID_SIZE)) & 1;
}

/** The big ships' diagonal class of a cell, (x − y) mod 4; its parity is the cell's colour. */
function diagonalOf(c: number): number {
  return ((((c % GRID_SIZE) - Math.floor(c / GRID_SIZE)) % 4) + 4) % 4;
}

/**
 * Scales the hunting scores in place (see the top of this file); does nothing while a hit is
 * unresolved or while a one-cell boat is afloat (no lattice meets it).
 */
export function preferCover(k: Knowledge, score: Float64Array, bonus: HuntBonus = HUNT_BONUS): void {
  if (k.hits.length > 0) return;
  const shortest = shortestAfloat(k);
  if (shortest < 2) return;
  const essential = shortest === 2 ? essentialCells(k) : null;
  if (!essential) {
    preferLattice(k, score, shortest, bonus.lattice);
    return;
  }
  const colours = [0, 0];
  for (const c of k.unknown) {
    if (essential[c] !== 1) continue;
    score[c] = (score[c] ?? 0) * bonus.cover;
    colours[colourOf(c)] = (colours[colourOf(c)] ?? 0) + 1;
  }
  if (!k.afloat.some((ship) => ship.table.length >= 4)) return;
  // The colour most of the cover is on, and of its two diagonal classes the one with fewer cells
  // left (the one the hunt has gone furthest along, which keeps the choice from flipping).
  const colour = (colours[1] ?? 0) > (colours[0] ?? 0) ? 1 : 0;
  const left = new Int32Array(4);
  for (const c of k.unknown) if (essential[c] === 1) left[diagonalOf(c)] = (left[diagonalOf(c)] ?? 0) + 1;
  const diagonal = (left[colour] ?? 0) <= (left[colour + 2] ?? 0) ? colour : colour + 2;
  for (const c of k.unknown) {
    if (essential[c] === 1 && diagonalOf(c) === diagonal) score[c] = (score[c] ?? 0) * bonus.sub;
  }
}
