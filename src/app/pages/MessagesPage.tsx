import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Conversation } from '../../protocol/direct-messages';
import { errorText } from '../errors/error-text';
import { friendsApi } from '../people/friends-api';
import { conversationsFromAll } from '../people/original-people';
import { unreadFrom } from '../people/people-logic';
import { usePlayerName } from '../players/use-player-name';
import { conversationPath, ROUTES } from '../routing/paths';
import { usePeopleRoutes } from '../server/use-people-routes';
import { showError } from '../stores/banner';
import { peopleStore } from '../stores/people';
import '../styles/friends.css';

/**
 * Messages (docs/game.md, "Direct messages"): one row per player talked with, the latest first,
 * with the last message and how many are unread; the list follows what comes live. On the original
 * server, its `GET /messages` read every few seconds (it counts nothing unread).
 */
export default function MessagesPage({ myId }: { readonly myId: string }) {
  const { t, i18n } = useTranslation();
  const name = usePlayerName();
  const { live, unread, friends, polls: tick } = useSnapshot(peopleStore);
  const [conversations, setConversations] = useState<Conversation[] | null>(null);

  const original = usePeopleRoutes() === 'original';

  // Read again whenever a message comes or goes live (on the original, every few seconds): the
  // order and the last lines change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: live.length and tick are the triggers
  useEffect(() => {
    let active = true;
    friendsApi()
      .then(async (api) =>
        original ? conversationsFromAll(await api.allMessages(), myId, peopleStore.friends) : api.conversations(),
      )
      .then((list) => active && setConversations(list))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [live.length, tick, original, myId]);

  const talked = new Set(conversations?.map((c) => c.user.id));
  const others = friends.filter((f) => !talked.has(f.id));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="page messages-page" data-testid="messages-page">
      <div className="page-header">
        <h1>{t('messages.title')}</h1>
        <p className="lead">{t('messages.lead')}</p>
      </div>
      {conversations === null && <p role="status">{t('app.loading')}</p>}
      {conversations?.length === 0 && others.length === 0 && (
        <p className="hint">
          {t('messages.empty')} <Link href={ROUTES.friends}>{t('messages.toFriends')}</Link>
        </p>
      )}
      {conversations && conversations.length > 0 && (
        <ul className="list conversation-list" data-testid="conversation-list">
          {conversations.map((c) => {
            const count = unreadFrom(unread, c.user.id) || c.unread;
            return (
              <li key={c.user.id}>
                <Link href={conversationPath(c.user.id)} className="conversation-row" data-testid="conversation-row">
                  <span className="avatar" aria-hidden="true">
                    {name(c.user).slice(0, 1)}
                  </span>
                  <span className="conversation-text">
                    <span className="conversation-top">
                      <strong>{name(c.user)}</strong>
                      <time className="hint" dateTime={c.last.creation_date}>
                        {time.format(new Date(c.last.creation_date))}
                      </time>
                    </span>
                    <span className={`conversation-last ${count > 0 ? 'unread' : 'hint'}`}>
                      {c.last.sender.id === myId && `${t('messages.you')} `}
                      {c.last.deleted ? t('messages.deleted') : c.last.message}
                    </span>
                  </span>
                  {count > 0 && (
                    <span className="count-badge">
                      <span aria-hidden="true">{count}</span>
                      <span className="visually-hidden">{t('messages.unread', { count })}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {conversations && others.length > 0 && (
        <section className="card" aria-labelledby="write-to-title">
          <h2 id="write-to-title">{t('messages.writeTo')}</h2>
          <div className="cluster">
            {others.map((friend) => (
              <Link key={friend.id} href={conversationPath(friend.id)} className="button small secondary">
                {name(friend)}
              </Link>
            ))}
          </div>
        </section>
      )}
    </section>
  );
}
