import { z } from 'zod';
import type { GameStatus, Grid, PartialShipMap, ShipMap } from '../game';
import { ServerEventSchemas } from './schemas';
import type { BattlePlace, Match, Member, Winner } from './types';

/*
 * The broadside/2 dialect (docs/protocol.md, "broadside/2: one state frame per change"): a socket
 * that asks for it receives one `state` event per change of its room instead of the field events,
 * `{ seq, view }`, where `view` is the whole of what this player may see. These schemas are the
 * contract; the server makes the view in one function (server/rooms/views.ts, `stateView`).
 */

const { gameStatus, ...fields } = ServerEventSchemas;

/**
 * Everything one member may see of its room, under the names the field events carried and with
 * their very schemas (src/protocol/schemas.ts, `ServerEventSchemas`), so the two dialects cannot
 * drift apart: `status` (the gameStatus event), both `members` in join order with presence
 * (`hasToPlay` marks the shooter during PLAY), own fleet (`shipsIndexes`, null before placing) and
 * grid (`playerBoats`), the opponent grid as known (`opponentBoats`: E, M, H, D), the opponent ships
 * sunk so far (`opponentShipsIndexes`: the whole fleet once ENDED, never an unsunk one before), the
 * last shot (`battlePlace`), the `winner`, and the `match` (clock, missed turns, end reason,
 * rematch, audience, rules).
 */
export const PlayerStateViewSchema = z.object({ status: gameStatus, ...fields });

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
  readonly winner: Winner | null;
  readonly match: Match;
}

export interface StateFrame {
  readonly seq: number;
  readonly view: PlayerStateView;
}

/** The event name of the state frame. */
export const STATE_EVENT = 'state' as const;
