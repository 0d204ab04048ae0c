import { z } from 'zod';
import { type Cell, GRID_SIZE, type GameStatus, type Grid, type PartialShipMap, type ShipMap } from '../game';
import { BattlePlaceSchema, ServerEventSchemas } from './schemas';
import type { BattlePlace, Match, Member, Winner } from './types';

/*
 * The broadside/2 dialect (docs/protocol.md, "broadside/2: one state frame per change"): a socket
 * that asks for it receives one `state` event per change of its room instead of the field events,
 * `{ seq, view }`, where `view` is the whole of what this player may see. These schemas are the
 * contract; the server makes the view in one place (server/rooms/views.ts, `ChangeViews`).
 */

const { gameStatus, ...fields } = ServerEventSchemas;

/** A grid's rows as they travel in a state frame: one string of GRID_SIZE cell codes per row, top row first. */
export type GridRows = readonly string[];

/** `grid` as rows of cell codes (`["SSHEE…", …]`): a tenth of the JSON values of the nested arrays, so a third of the bytes. */
export function gridRows(grid: Grid): string[] {
  const rows = new Array<string>(grid.length);
  for (let y = 0; y < grid.length; y++) {
    // Concatenation, not join(''): this runs for two grids of every frame, and is twice as fast.
    const cells = grid[y] ?? [];
    let row = '';
    for (let x = 0; x < cells.length; x++) row += cells[x];
    rows[y] = row;
  }
  return rows;
}

/** The grid that `rows` (already checked, or made by gridRows) spell out, read as grid[y][x]. */
export function gridOfRows(rows: GridRows): Grid {
  return rows.map((row) => row.split('') as Cell[]);
}

const ROW = new RegExp(`^[ESMHD]{${GRID_SIZE}}$`);
/** A grid in a state frame: GRID_SIZE rows of GRID_SIZE cell codes, read into a Grid. */
const GridRowsSchema = z.array(z.string().regex(ROW)).length(GRID_SIZE).transform(gridOfRows);

/**
 * Everything one member may see of its room, under the names the field events carried and with
 * their very schemas (src/protocol/schemas.ts, `ServerEventSchemas`), so the two dialects cannot
 * drift apart: `status` (the gameStatus event), both `members` in join order with presence
 * (`hasToPlay` marks the shooter during PLAY), own fleet (`shipsIndexes`, null before placing) and
 * grid (`playerBoats`), the opponent grid as known (`opponentBoats`: E, M, H, D), the opponent ships
 * sunk so far (`opponentShipsIndexes`: the whole fleet once ENDED, never an unsunk one before), the
 * last shot (`battlePlace`), the `winner`, and the `match` (clock, missed turns, end reason,
 * rematch, audience, rules). In a salvo room `lastMove` lists the shots of the last move in the
 * order they were fired (its last is `battlePlace`), so a stage plays them in that order. The two grids travel as rows of cell codes (`GridRows`), which the
 * schema reads back into grids: the same cells as the field events' nested arrays, at a third of the
 * bytes and a tenth of the values to encode.
 */
export const PlayerStateViewSchema = z.object({
  status: gameStatus,
  ...fields,
  playerBoats: GridRowsSchema,
  opponentBoats: GridRowsSchema,
  lastMove: z
    .array(BattlePlaceSchema)
    .max(GRID_SIZE * GRID_SIZE)
    .optional(),
});

/**
 * One `state` event. `seq` grows by one with every change of the room (server/rooms/room.ts), so a
 * client tells a missed frame (a gap) or an old one (stale) and asks again with `joinRoom`.
 */
export const StateFrameSchema = z.object({
  seq: z.number().int().min(0),
  view: PlayerStateViewSchema,
});

/** The view as the server makes it and the client reads it (the schema's shape, in src/game's types). */
export interface PlayerStateView {
  readonly status: GameStatus;
  readonly members: readonly Member[];
  readonly shipsIndexes: ShipMap | null;
  readonly playerBoats: Grid;
  readonly opponentBoats: Grid;
  readonly opponentShipsIndexes: PartialShipMap;
  readonly battlePlace: BattlePlace | null;
  /** Salvo rooms only: the last move's shots in the order fired (docs/protocol.md). */
  readonly lastMove?: readonly BattlePlace[];
  readonly winner: Winner | null;
  readonly match: Match;
}

export interface StateFrame {
  readonly seq: number;
  readonly view: PlayerStateView;
}

/** A view as it travels: the grids as rows (what StateFrameSchema reads back into a PlayerStateView). */
export interface WirePlayerStateView extends Omit<PlayerStateView, 'playerBoats' | 'opponentBoats'> {
  readonly playerBoats: GridRows;
  readonly opponentBoats: GridRows;
}

/** A `state` event as it travels (the server sends it, StateFrameSchema reads it). */
export interface WireStateFrame {
  readonly seq: number;
  readonly view: WirePlayerStateView;
}

/** The frame as it travels: each grid as rows, everything else as it is. */
export function toWireFrame(frame: StateFrame): WireStateFrame {
  const { view } = frame;
  return {
    seq: frame.seq,
    view: { ...view, playerBoats: gridRows(view.playerBoats), opponentBoats: gridRows(view.opponentBoats) },
  };
}

/** The event name of the state frame. */
export const STATE_EVENT = 'state' as const;
