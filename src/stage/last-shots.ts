import type { Cell, Coord } from '../game';
import type { StageSnapshot } from './effects-plan';
import type { BoardId } from './layout';
import { moveOrder } from './shot-beats';

/*
 * The last-shot marker (docs/game.md, "The board"): a ring on the cell the latest shot at each grid
 * fell on, the latest shot of all in full colour and the other grid's fainter, so a player who looks
 * back at the board after the splash sees where the opponent's shot landed (and where their own did).
 * Pure: which cells, per grid; the stage only draws the rings.
 */

export interface LastShots {
  /** The latest move at each grid: one cell, or a salvo's cells in the order fired. */
  readonly player: readonly Coord[];
  readonly opponent: readonly Coord[];
  /** The grid that took the latest shot of all, null before any. */
  readonly latest: BoardId | null;
}

export const NO_LAST_SHOTS: LastShots = { player: [], opponent: [], latest: null };

type Grid = StageSnapshot['playerBoats'];

const isShot = (code: Cell | undefined) => code === 'M' || code === 'H' || code === 'D';
const shotOn = (grid: Grid) => (c: Coord) => isShot(grid[c.y]?.[c.x]);

/**
 * What the marker shows once `view` arrives, `known` being what it showed before. The view's last
 * shot (battlePlace) says which grid it hit — the opponent's when this seat fired it, this seat's own
 * otherwise — and, in a salvo room, the move it belongs to (lastMove); the other grid keeps its own
 * last shot, which a view never repeats. A remembered cell the grids no longer show as shot (a
 * replay stepped back) is forgotten, and nothing is marked outside play and its end.
 */
export function nextLastShots(known: LastShots, view: StageSnapshot): LastShots {
  if (view.gameStatus !== 'PLAY' && view.gameStatus !== 'ENDED') return NO_LAST_SHOTS;
  const player = known.player.filter(shotOn(view.playerBoats));
  const opponent = known.opponent.filter(shotOn(view.opponentBoats));
  let out: LastShots = { player, opponent, latest: known.latest };
  const shot = view.battlePlace;
  if (shot) {
    const board: BoardId = shot.shooterId === view.userId ? 'opponent' : 'player';
    const move = moveOrder(view);
    const inMove = move.some((c) => c.x === shot.x && c.y === shot.y);
    const cells = (inMove ? move : [shot]).map((c) => ({ x: c.x, y: c.y }));
    out = { ...out, [board]: cells, latest: board };
  }
  if (out.latest && out[out.latest].length === 0) out = { ...out, latest: null };
  return same(out, known) ? known : out;
}

/** The rings one grid shows in `grid` as drawn now: a salvo's shots ringed only once they landed. */
export interface LastShotRings {
  readonly cells: readonly Coord[];
  /** The latest shot of all: drawn in full colour; the other grid's last shot is fainter. */
  readonly latest: boolean;
}

export function lastShotRings(shots: LastShots, board: BoardId, grid: Grid): LastShotRings {
  return { cells: shots[board].filter(shotOn(grid)), latest: shots.latest === board };
}

function sameCells(a: readonly Coord[], b: readonly Coord[]): boolean {
  return a.length === b.length && a.every((c, i) => c.x === b[i]?.x && c.y === b[i]?.y);
}

function same(a: LastShots, b: LastShots): boolean {
  return a.latest === b.latest && sameCells(a.player, b.player) && sameCells(a.opponent, b.opponent);
}
