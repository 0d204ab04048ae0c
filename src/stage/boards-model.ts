import type { GameState, Grid, PartialShipMap, Rules } from '../game';
import type { StageSnapshot } from './effects-plan';

/**
 * Two boards seen from the outside, for the watch page and the replay viewer: no player is "me".
 * The app builds it (BoardsStage's `model` prop); pure, so the effects of a change are planned by
 * the same diff the game stage uses.
 */
export interface BoardsModel {
  readonly status: GameState['status'];
  /** Player ids in join order: the first is drawn as the "player" board, the second as the "opponent" one. */
  readonly players: readonly [string, string];
  readonly grids: readonly [Grid, Grid];
  /** The ships to draw on each board: sunk ones while watching, whole fleets in a replay. */
  readonly ships: readonly [PartialShipMap, PartialShipMap];
  readonly turn: string | null;
  readonly lastShot: StageSnapshot['battlePlace'];
  /** A salvo's shots in the order fired, where the frame says (salvo rooms). */
  readonly lastMove?: StageSnapshot['lastMove'];
  readonly winner: StageSnapshot['winner'];
  /** The game's rules (classic when absent): which class each ship is. */
  readonly rules?: Rules;
}

/** The boards as a StageSnapshot seen from the first player's seat, for planEffects. */
export function boardsSnapshot(model: BoardsModel): StageSnapshot {
  const [a, b] = model.players;
  return {
    gameStatus: model.status,
    userId: a,
    members: [
      { userId: a, hasToPlay: model.turn === a },
      { userId: b, hasToPlay: model.turn === b },
    ],
    playerBoats: model.grids[0],
    opponentBoats: model.grids[1],
    shipsIndexes: null,
    opponentShipsIndexes: model.ships[1],
    battlePlace: model.lastShot,
    lastMove: model.lastMove ?? null,
    winner: model.winner,
  };
}
