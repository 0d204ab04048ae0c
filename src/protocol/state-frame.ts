import { z } from 'zod';
import type { GameStatus, Grid, PartialShipMap, ShipMap } from '../game';
import {
  BattlePlaceSchema,
  GameStatusSchema,
  GridSchema,
  MatchSchema,
  MemberSchema,
  PartialShipMapSchema,
  ShipMapSchema,
  WinnerSchema,
} from './schemas';
import type { BattlePlace, Match, Member, Winner } from './types';

/*
 * The broadside/2 dialect (docs/protocol.md, "broadside/2: one state frame per change"): a socket
 * that asks for it receives one `state` event per change of its room instead of the field events,
 * `{ seq, view }`, where `view` is the whole of what this player may see. These schemas are the
 * contract; the server makes the view in one function (server/rooms/views.ts, `stateView`).
 */

/** Everything one member may see of its room, under the names the field events carried. */
export const PlayerStateViewSchema = z.object({
  status: GameStatusSchema,
  /** Both members in join order, with presence; `hasToPlay` marks the shooter during PLAY. */
  members: z.array(MemberSchema),
  /** Own fleet, or null before it is placed. */
  shipsIndexes: ShipMapSchema.nullable(),
  /** Own grid: S on own ships, the opponent's shots as M, H, D. */
  playerBoats: GridSchema,
  /** The opponent grid as this player knows it: E, M, H, D only. */
  opponentBoats: GridSchema,
  /** The opponent ships sunk so far; the whole opponent fleet once ENDED, never an unsunk one before. */
  opponentShipsIndexes: PartialShipMapSchema,
  /** The last shot of the round, or null. */
  battlePlace: BattlePlaceSchema.nullable(),
  winner: WinnerSchema.nullable(),
  /** Clock, missed turns, end reason, rematch, audience (and the rules, where the match carries them). */
  match: MatchSchema,
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
  readonly winner: Winner | null;
  readonly match: Match;
}

export interface StateFrame {
  readonly seq: number;
  readonly view: PlayerStateView;
}

/** The event name of the state frame. */
export const STATE_EVENT = 'state' as const;
