import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../protocol/accounts';
import { sinceText } from '../../account/account-changes';
import { usePlayerName } from '../../players/use-player-name';
import { BotBadge } from '../bots/BotBadge';

/** A player's name, badges and "Playing since …", as their profile's title. */
export function PlayerIdentity({ player }: { readonly player: PublicUser }) {
  const { t, i18n } = useTranslation();
  const name = usePlayerName()(player);
  const since = sinceText(player.creation_date, i18n.language);
  return (
    <div className="profile-identity">
      <span className="avatar large" aria-hidden="true">
        {name.slice(0, 1)}
      </span>
      <div className="player-heading">
        <h1 className="profile-name" data-testid="player-name">
          <span className="username">{name}</span> <BotBadge title={player.title} />
          {player.role?.toLowerCase() === 'admin' && <span className="badge accent">{t('profiles.moderator')}</span>}
        </h1>
        {since && !player.bot && (
          <p className="hint" data-testid="player-since">
            {t('profiles.since', { date: since })}
          </p>
        )}
      </div>
    </div>
  );
}
