import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { gameStore } from '../../stores/game';
import { EYE_ICON } from '../icons';

/**
 * How many people watch this game as spectators (`match.spectators`, docs/protocol.md), live, for
 * both players; nothing while nobody watches. A phone's bar has room for the eye and the figure;
 * the sentence stays for screen readers.
 */
export function AudienceBadge() {
  const { t } = useTranslation();
  const { match } = useSnapshot(gameStore);
  const count = match.spectators;
  if (count <= 0) return null;
  return (
    <p className="audience" data-testid="game-audience" title={t('game.audienceTitle')}>
      <svg className="audience-eye" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={EYE_ICON} fillRule="evenodd" />
      </svg>
      <span className="audience-long">{t('game.audience', { count })}</span>
      <span className="audience-short" aria-hidden="true">
        {count}
      </span>
    </p>
  );
}
