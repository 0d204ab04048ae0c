import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { acceptRematch, gameStore } from '../../stores/game';

/**
 * The opponent replayed: this screen still shows the final boards and the result, and the player
 * goes on to the new round's placement when ready.
 */
export function RematchPrompt() {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { rematch, members, userId } = useSnapshot(gameStore);
  if (!rematch) return null;
  const by = rematch.by ?? members.find((member) => member.userId !== userId);
  const username = by ? name(by) : t('game.opponentFallback');
  return (
    <div className="rematch-prompt" role="status">
      <p>{t('rematch.prompt', { username })}</p>
      <button type="button" className="primary" onClick={acceptRematch}>
        {t('rematch.go')}
      </button>
    </div>
  );
}
