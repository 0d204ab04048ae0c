import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { gameStore, isMyTurn } from '../../stores/game';

/** PLAY: whose turn it is (SPEC §2: "It's your turn !"). */
export function TurnIndicator() {
  const { t } = useTranslation();
  const snapshot = useSnapshot(gameStore);
  if (isMyTurn(snapshot))
    return (
      <p className="turn mine" role="status">
        {t('game.yourTurn')}
      </p>
    );
  const opponent = snapshot.members.find((member) => member.userId !== snapshot.userId);
  return (
    <p className="turn theirs" role="status">
      {t('game.opponentTurn', { username: opponent?.username ?? t('game.opponentFallback') })}
    </p>
  );
}
