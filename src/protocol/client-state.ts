import {
  type Cell,
  CLASSIC_RULES,
  emptyGrid,
  type GameStatus,
  type Grid,
  type PartialShipMap,
  type Rules,
  type ShipMap,
  turnShots,
  turnShotsOfView,
} from '../game';
import type { BattlePlace, Match, Member, ServerEventName, Winner } from './types';

/* The client's picture of a game, without socket.io: stores and tests can import it without
 * pulling the transport into a bundle. */

/**
 * What a state change came from: one field event, the connection, a whole broadside/2 `state`
 * frame, or the room closed by an operator.
 */
export type StateChange = ServerEventName | 'connected' | 'state' | 'closed';

/** Everything the server has told this player, as one plain object (replaced, never mutated). */
export interface ClientGameState {
  readonly connected: boolean;
  readonly slug: string;
  readonly gameStatus: GameStatus | null;
  readonly members: readonly Member[];
  readonly shipsIndexes: ShipMap | null;
  readonly playerBoats: Grid;
  readonly opponentBoats: Grid;
  readonly opponentShipsIndexes: PartialShipMap;
  readonly battlePlace: BattlePlace | null;
  /** broadside/2 in a salvo room: the last move's shots in the order fired; null where not told. */
  readonly lastMove: readonly BattlePlace[] | null;
  readonly winner: Winner | null;
  /** Clock, missed turns, end reason, rematch (the `match` event); a SPEC server never sends it. */
  readonly match: Match;
  /**
   * From a server that sends `battlePlace` as a shot grid (the SPEC dialect): how many shots both
   * grids showed when the last `members` frame came, so a turn is read from a members frame sent
   * after every shot known (a hit may keep the turn there). Null from a server of ours.
   */
  readonly membersAtShots: number | null;
  /** An operator closed the room, and why (broadside/2 `roomClosed`); null while it is open. */
  readonly closed: { readonly reason: string } | null;
}

/**
 * The match as a server without a clock describes it, until the first `match` event; a SPEC server
 * never sends one, and plays only the classic rules.
 */
export function initialMatch(): Match {
  return {
    rules: CLASSIC_RULES,
    turnSeconds: null,
    turnDeadline: null,
    missedTurns: {},
    endReason: null,
    rematchBy: null,
    spectators: 0,
    serverNow: 0,
  };
}

export function initialGameState(slug: string): ClientGameState {
  return {
    connected: false,
    slug,
    gameStatus: null,
    members: [],
    shipsIndexes: null,
    playerBoats: emptyGrid(),
    opponentBoats: emptyGrid(),
    opponentShipsIndexes: {},
    battlePlace: null,
    lastMove: null,
    winner: null,
    match: initialMatch(),
    membersAtShots: null,
    closed: null,
  };
}

/** True when `userId` is the member who has to shoot. */
export function hasToPlay(state: ClientGameState, userId: string): boolean {
  return state.members.some((m) => m.userId === userId && m.hasToPlay);
}

/**
 * How many cells this player fires this turn: src/game's one rule (turnShots) read off the view.
 * One, or under salvo rules one per own ship afloat, never more than the opponent cells not shot.
 */
export function shotsThisTurn(state: {
  readonly match: { readonly rules: Rules };
  readonly shipsIndexes: ShipMap | null;
  readonly playerBoats: readonly (readonly Cell[])[];
  readonly opponentBoats: readonly (readonly Cell[])[];
}): number {
  return turnShots(turnShotsOfView(state.match.rules, state.shipsIndexes, state.playerBoats, state.opponentBoats));
}
