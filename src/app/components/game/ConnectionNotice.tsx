import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { gameStore } from '../../stores/game';

/** This player's own socket dropped mid-game: the client is reconnecting (and will join again). */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const { connected, gameStatus } = useSnapshot(gameStore);
  if (connected || gameStatus === null) return null;
  return (
    <p className="notice connection-notice" role="status">
      {t('presence.selfOffline')}
    </p>
  );
}
