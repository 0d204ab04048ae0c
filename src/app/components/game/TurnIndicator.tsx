import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { gameStore, isMyTurn } from '../../stores/game';

/** PLAY: whose turn it is (docs/game.md, Routes: "It's your turn !"). */
export function TurnIndicator() {
  const { t } = useTranslation();
  const snapshot = useSnapshot(gameStore);
  if (isMyTurn(snapshot))
    return (
      <p className="turn mine" role="status">
        <span>{t('game.yourTurn')}</span>
      </p>
    );
  const opponent = snapshot.members.find((member) => member.userId !== snapshot.userId);
  return (
    <p className="turn theirs" role="status">
      {/* A span, so that a long name ends in an ellipsis: a flex container's own text cannot. */}
      <span>{t('game.opponentTurn', { username: opponent?.username ?? t('game.opponentFallback') })}</span>
    </p>
  );
}
