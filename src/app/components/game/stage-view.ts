import { useMemo } from 'react';
import { type Snapshot, useSnapshot } from 'valtio';
import type { GameStageProps, GameStageView } from '../../../stage/GameStage';
import {
  canEditDraft,
  gameStore,
  type GameStoreState,
  isMyTurn,
  moveDraftShip,
  rotateDraftShip,
} from '../../stores/game';
import { preferencesStore } from '../../stores/preferences';
import { usePlayerName } from '../../players/use-player-name';

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
    lastMove: snap.lastMove,
    winner: snap.winner,
    draft: snap.draft,
    editable: canEditDraft(snap),
    myTurn: isMyTurn(snap),
    rules: snap.match.rules,
    aim: snap.aim,
  };
}

/** The game stage's props that come from the stores: the view, the draft's rules, sound and theme. */
export function useStoreStageProps(): Omit<GameStageProps, 'onShoot' | 'panel'> {
  const snap = useSnapshot(gameStore);
  const { muted, theme } = useSnapshot(preferencesStore);
  const name = usePlayerName();
  const view = useMemo(() => {
    const base = stageViewOf(snap);
    // The stage announces the winner by name: the computer's in the interface's language.
    return base.winner ? { ...base, winner: { ...base.winner, username: name(base.winner) } } : base;
  }, [snap, name]);
  return { view, onMoveShip: moveDraftShip, onRotateShip: rotateDraftShip, muted, theme };
}
