import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { FriendRequest } from '../../../protocol/friends';
import { acceptRequest, declineRequest, withdrawRequest } from '../../people/people-session';
import { usePlayerName } from '../../players/use-player-name';
import { playerPath } from '../../routing/paths';
import { peopleStore } from '../../stores/people';

function Who({ user, note }: { readonly user: FriendRequest['sender']; readonly note: string }) {
  const name = usePlayerName();
  return (
    <Link href={playerPath(user.id)} className="friend-who">
      <span className="avatar" aria-hidden="true">
        {name(user).slice(0, 1)}
      </span>
      <span className="friend-text">
        <strong>{name(user)}</strong>
        <span className="presence-text">{note}</span>
      </span>
    </Link>
  );
}

/**
 * Requests waiting: those sent to the player (Accept, Decline) and those they sent (Withdraw). The
 * original server can neither decline nor withdraw: only Accept there.
 */
export function FriendRequests({ original = false }: { readonly original?: boolean }) {
  const { t } = useTranslation();
  const { incoming, outgoing } = useSnapshot(peopleStore);
  if (incoming.length + outgoing.length === 0) return null;
  return (
    <section className="card friend-requests" aria-labelledby="friend-requests-title">
      <h2 id="friend-requests-title">{t('friends.requests')}</h2>
      <ul className="list friend-list">
        {incoming.map((request) => (
          <li key={request.id} className="friend-row" data-testid="incoming-request">
            <Who user={request.sender} note={t('friends.wantsToBeFriends')} />
            <div className="friend-actions">
              <button type="button" className="small" onClick={() => void acceptRequest(request.id)}>
                {t('friends.accept')}
              </button>
              {!original && (
                <button type="button" className="secondary small" onClick={() => void declineRequest(request.id)}>
                  {t('friends.decline')}
                </button>
              )}
            </div>
          </li>
        ))}
        {outgoing.map((request) => (
          <li key={request.id} className="friend-row" data-testid="outgoing-request">
            <Who user={request.receiver} note={t('friends.waitingAnswer')} />
            {!original && (
              <div className="friend-actions">
                <button type="button" className="ghost small" onClick={() => void withdrawRequest(request.id)}>
                  {t('friends.withdraw')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
