import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { FriendEntry } from '../../people/people-logic';
import { removeFriend } from '../../people/people-session';
import { usePlayerName } from '../../players/use-player-name';
import { conversationPath, playerPath, watchPath } from '../../routing/paths';
import { BotBadge } from '../bots/BotBadge';
import { ChallengeDialog } from './ChallengeDialog';

/**
 * One friend (docs/game.md, "Friends"): name and where they are — online, playing (with Watch),
 * away, offline —, then Challenge (when on the site), Message and Remove (asked twice). On the
 * original server (`original`): the name and Message only, as it knows no presence, challenge or removal.
 */
export function FriendRow({
  entry,
  unread,
  original = false,
}: {
  readonly entry: FriendEntry;
  readonly unread: number;
  readonly original?: boolean;
}) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const [challenging, setChallenging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { friend, status, slug } = entry;
  const who = name(friend);
  return (
    <li
      className="friend-row"
      data-testid="friend-row"
      data-status={original ? undefined : status}
      data-username={friend.username}
    >
      <Link href={playerPath(friend.id)} className="friend-who">
        <span className={original ? 'avatar' : `avatar presence-${status}`} aria-hidden="true">
          {who.slice(0, 1)}
        </span>
        <span className="friend-text">
          <span>
            <strong>{who}</strong> <BotBadge title={friend.title} />
          </span>
          {!original && (
            <span className={`presence-text presence-${status}`} data-testid="friend-presence">
              {t(`friends.presence.${status}`)}
            </span>
          )}
        </span>
      </Link>
      <div className="friend-actions">
        {confirming ? (
          <>
            <span className="hint">{t('friends.removeConfirm', { name: who })}</span>
            <button type="button" className="danger small" onClick={() => void removeFriend(friend.id)}>
              {t('friends.remove')}
            </button>
            <button type="button" className="ghost small" onClick={() => setConfirming(false)}>
              {t('profiles.cancel')}
            </button>
          </>
        ) : (
          <>
            {status === 'playing' && slug && (
              <Link href={watchPath(slug)} className="button small secondary">
                {t('friends.watch')}
              </Link>
            )}
            {!original && status !== 'offline' && (
              <button type="button" className="small" onClick={() => setChallenging(true)}>
                {t('friends.challenge.button')}
              </button>
            )}
            <Link href={conversationPath(friend.id)} className="button small secondary friend-message">
              {t('friends.message')}
              {unread > 0 && <span className="count-badge">{unread}</span>}
            </Link>
            {!original && (
              <button
                type="button"
                className="ghost small"
                aria-label={t('friends.removeLabel', { name: who })}
                onClick={() => setConfirming(true)}
              >
                {t('friends.remove')}
              </button>
            )}
          </>
        )}
      </div>
      {challenging && <ChallengeDialog userId={friend.id} username={who} onClose={() => setChallenging(false)} />}
    </li>
  );
}
