import type { Snapshot } from 'valtio';
import type { GameStageView } from '../../../stage/GameStage';
import { canEditDraft, type GameStoreState, isMyTurn } from '../../stores/game';

/** What the game stage draws, read from (a snapshot of) the game store: the stage's `view` prop. */
export function stageViewOf(snap: Snapshot<GameStoreState>): GameStageView {
  return {
    gameStatus: snap.gameStatus,
    userId: snap.userId,
    members: snap.members,
    playerBoats: snap.playerBoats,
    opponentBoats: snap.opponentBoats,
    shipsIndexes: snap.shipsIndexes,
    opponentShipsIndexes: snap.opponentShipsIndexes,
    battlePlace: snap.battlePlace,
    winner: snap.winner,
    draft: snap.draft,
    editable: canEditDraft(snap),
    myTurn: isMyTurn(snap),
  };
}
