import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { AddFriend } from '../components/friends/AddFriend';
import { FriendRequests } from '../components/friends/FriendRequests';
import { FriendRow } from '../components/friends/FriendRow';
import { OriginalAddFriend } from '../components/friends/OriginalAddFriend';
import { badgeText, friendEntries, friendsOnline, unreadFrom } from '../people/people-logic';
import { ROUTES } from '../routing/paths';
import { usePeopleRoutes } from '../server/use-people-routes';
import { peopleStore } from '../stores/people';
import '../styles/friends.css';

/**
 * Friends (docs/game.md, "Friends"): who is online, playing or away, live; the requests waiting;
 * finding a player to befriend; and the way to the messages. On the original server, what its
 * routes offer: no presence, challenges, search, declining or removing.
 */
export default function FriendsPage({ myId }: { readonly myId: string }) {
  const { t } = useTranslation();
  const { friends, presence, unread, loaded } = useSnapshot(peopleStore);
  const original = usePeopleRoutes() === 'original';
  const entries = friendEntries(friends, presence);
  const unreadBadge = badgeText(unread?.total ?? 0);
  return (
    <section className="page friends-page" data-testid="friends-page">
      <div className="page-header friends-header">
        <div>
          <h1>{t('friends.title')}</h1>
          <p className="lead">
            {original
              ? t('friends.originalLead')
              : entries.length > 0
                ? t('friends.onlineCount', { count: friendsOnline(entries) })
                : t('friends.lead')}
          </p>
        </div>
        <Link href={ROUTES.messages} className="button secondary" data-testid="messages-link">
          {t('messages.title')}
          {unreadBadge && <span className="count-badge">{unreadBadge}</span>}
        </Link>
      </div>
      <FriendRequests original={original} />
      <section className="card" aria-labelledby="friends-list-title">
        <h2 id="friends-list-title">
          {entries.length > 0 ? t('friends.listTitle', { count: entries.length }) : t('friends.listTitleNone')}
        </h2>
        {!loaded && <p role="status">{t('app.loading')}</p>}
        {loaded && entries.length === 0 && (
          <p className="hint">{t(original ? 'friends.originalEmpty' : 'friends.empty')}</p>
        )}
        {entries.length > 0 && (
          <ul className="list friend-list" data-testid="friend-list">
            {entries.map((entry) => (
              <FriendRow
                key={entry.friend.id}
                entry={entry}
                unread={unreadFrom(unread, entry.friend.id)}
                original={original}
              />
            ))}
          </ul>
        )}
      </section>
      {original ? <OriginalAddFriend myId={myId} /> : <AddFriend myId={myId} />}
    </section>
  );
}
