import { useTranslation } from 'react-i18next';
import type { Title } from '../../../protocol/types';

/**
 * The BOT badge beside a bot account's name (docs/engines.md, "Bot accounts"), as lichess marks
 * its bots: in Open games, a game's players, the profile and the leaderboard. Nothing for a person.
 */
export function BotBadge({ title, className }: { readonly title?: Title | null; readonly className?: string }) {
  const { t } = useTranslation();
  if (title !== 'BOT') return null;
  return (
    <span
      className={className ? `badge bot ${className}` : 'badge bot'}
      title={t('bots.badgeTitle')}
      data-testid="bot-badge"
    >
      {t('bots.badge')}
    </span>
  );
}
