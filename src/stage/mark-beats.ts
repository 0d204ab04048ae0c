import type { Cell, Coord, PartialShipMap } from '../game';
import { shipEntries } from '../game';
import type { StageSnapshot } from './effects-plan';
import type { BoardId } from './layout';
import type { ScheduledPlan } from './shot-beats';

/*
 * A salvo's marks land with their shots (shot-beats.ts): the view already holds every shot of the
 * move, so until a shot's beat its cell is drawn as it was before, and a sunk ship's cells turn
 * from hit to sunk (and the ship shows) with the shot that sank it. Pure: times are absolute
 * (performance.now()), so holds from two moves in quick succession combine.
 */

interface Stage {
  /** Until this time… */
  readonly until: number;
  /** …the cell is drawn with this code. */
  readonly code: Cell;
}

export interface MarkHold {
  readonly board: BoardId;
  readonly x: number;
  readonly y: number;
  /** Earliest first. */
  readonly stages: readonly Stage[];
}

type Grid = StageSnapshot['playerBoats'];

const key = (board: BoardId, c: Coord) => `${board}:${c.x},${c.y}`;

function gridOf(snapshot: StageSnapshot, board: BoardId): Grid {
  return board === 'player' ? snapshot.playerBoats : snapshot.opponentBoats;
}

/**
 * The cells `scheduled` changes, its delays counted from `start`: each drawn as in `before` until
 * its shot lands, then (a ship's cell sunk by a later shot) as a hit until the ship sinks. A stage
 * already over when drawn (the first shot of a plan started at once) holds nothing.
 */
export function markHolds(before: StageSnapshot | null, scheduled: ScheduledPlan, start: number): MarkHold[] {
  if (!before) return [];
  const landing = new Map<string, { board: BoardId; cell: Coord; at: number }>();
  const sinking = new Map<string, { board: BoardId; cell: Coord; at: number }>();
  for (const { item, delayMs } of scheduled.effects) {
    if (item.kind === 'splash' || item.kind === 'explosion')
      landing.set(key(item.board, item.cell), { board: item.board, cell: item.cell, at: delayMs });
    else if (item.kind === 'sunk')
      for (const cell of item.cells) sinking.set(key(item.board, cell), { board: item.board, cell, at: delayMs });
  }
  const holds: MarkHold[] = [];
  for (const k of new Set([...landing.keys(), ...sinking.keys()])) {
    const shot = landing.get(k);
    const sunk = sinking.get(k);
    const where = (shot ?? sunk) as { board: BoardId; cell: Coord };
    const was = gridOf(before, where.board)[where.cell.y]?.[where.cell.x] ?? 'E';
    const stages: Stage[] = [];
    if (shot) stages.push({ until: start + shot.at, code: was });
    if (sunk && sunk.at > (shot?.at ?? 0)) stages.push({ until: start + sunk.at, code: shot ? 'H' : was });
    if (stages.length > 0) holds.push({ board: where.board, x: where.cell.x, y: where.cell.y, stages });
  }
  return holds;
}

/** The holds still running at `now`. */
export function activeHolds(holds: readonly MarkHold[], now: number): MarkHold[] {
  return holds.filter((h) => h.stages.some((s) => s.until > now));
}

/** When the next of `holds` ends after `now`, or null when none is running. */
export function nextRelease(holds: readonly MarkHold[], now: number): number | null {
  let next: number | null = null;
  for (const h of holds)
    for (const s of h.stages) if (s.until > now && (next === null || s.until < next)) next = s.until;
  return next;
}

/** The code a held cell shows at `now`, or undefined when no hold covers it any more. */
function heldCode(holds: readonly MarkHold[], now: number): Cell | undefined {
  let best: Stage | undefined;
  for (const h of holds) for (const s of h.stages) if (s.until > now && (!best || s.until < best.until)) best = s;
  return best?.code;
}

/** `grid` as it shows at `now` on `board`: the same grid when nothing is held there. */
export function shownGrid(grid: Grid, board: BoardId, holds: readonly MarkHold[], now: number): Grid {
  const mine = holds.filter((h) => h.board === board);
  let out: Cell[][] | null = null;
  for (const h of mine) {
    const code = heldCode(
      mine.filter((o) => o.x === h.x && o.y === h.y),
      now,
    );
    if (code === undefined) continue;
    out ??= grid.map((row) => [...row]);
    const row = out[h.y];
    if (row) row[h.x] = code;
  }
  return out ?? grid;
}

/** `ships` without those a held cell still hides at `now` (a ship shows once the shot that sank it lands). */
export function shownShips(
  ships: PartialShipMap,
  board: BoardId,
  holds: readonly MarkHold[],
  now: number,
): PartialShipMap {
  const hidden = new Set(
    holds.filter((h) => h.board === board && heldCode([h], now) !== undefined).map((h) => key(board, h)),
  );
  if (hidden.size === 0) return ships;
  const out: Record<string, readonly Coord[]> = {};
  for (const [ship, cells] of shipEntries(ships)) if (!cells.some((c) => hidden.has(key(board, c)))) out[ship] = cells;
  return out as PartialShipMap;
}

/** The view's grids and the opponent's sunk ships as they show at `now`. */
export function shownView<V extends StageSnapshot>(view: V, holds: readonly MarkHold[], now: number): V {
  if (holds.length === 0) return view;
  return {
    ...view,
    playerBoats: shownGrid(view.playerBoats, 'player', holds, now),
    opponentBoats: shownGrid(view.opponentBoats, 'opponent', holds, now),
    opponentShipsIndexes: shownShips(view.opponentShipsIndexes, 'opponent', holds, now),
  };
}
