import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { gameStore } from '../../stores/game';

/** Lobby: the member who stays learns that the other one left. */
export function DepartedNotice() {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { departed } = useSnapshot(gameStore);
  if (departed.length === 0) return null;
  return (
    <div className="notice departed-notice" role="status">
      {departed.map((username) => (
        <p key={username}>{t('leave.left', { username: name({ username }) })}</p>
      ))}
    </div>
  );
}
