import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { DirectMessage } from '../../protocol/direct-messages';
import { accountsApi } from '../account/accounts-api';
import { MessageEditor } from '../components/friends/MessageEditor';
import { errorText } from '../errors/error-text';
import { friendsApi } from '../people/friends-api';
import { checkDraft, TEXT_MAX } from '../people/message-draft';
import { mergeMessages, olderPageBefore, otherOf } from '../people/people-logic';
import { usePlayerName } from '../players/use-player-name';
import { playerPath, ROUTES } from '../routing/paths';
import { usePeopleRoutes } from '../server/use-people-routes';
import { showError } from '../stores/banner';
import { peopleStore } from '../stores/people';
import '../styles/friends.css';

const PAGE = 30;

/**
 * One conversation (docs/game.md, "Direct messages"): the newest messages, older ones as the
 * player scrolls up, new ones live; read as soon as they are seen; a message of one's own may be
 * edited in place (marked edited) or deleted (it stays, marked deleted). Writing is for friends only, under the chat's text rules.
 * On the original server, the whole conversation read every few seconds (no pages, nothing live, no read marks).
 */
export default function ConversationPage({ userId, myId }: { readonly userId: string; readonly myId: string }) {
  const { t, i18n } = useTranslation();
  const name = usePlayerName();
  const { friends, live, polls: tick } = useSnapshot(peopleStore);
  const [other, setOther] = useState<{ id: string; username: string } | null>(null);
  const [messages, setMessages] = useState<DirectMessage[] | null>(null);
  const [more, setMore] = useState(true);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const friend = friends.find((f) => f.id === userId);
  const original = usePeopleRoutes() === 'original';

  useEffect(() => {
    if (friend) {
      setOther(friend);
      return;
    }
    let active = true;
    accountsApi()
      .then((accounts) => accounts.user(userId))
      .then((user) => active && setOther(user))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [friend, userId]);

  const markRead = useCallback(() => {
    if (original || document.visibilityState === 'hidden') return;
    friendsApi()
      .then((api) => api.markRead(userId))
      .catch(() => undefined);
  }, [userId, original]);

  useEffect(() => {
    let active = true;
    friendsApi()
      .then((api) => (original ? api.conversation(userId) : api.conversation(userId, { limit: PAGE })))
      .then((page) => {
        if (!active) return;
        setMessages(page);
        setMore(!original && page.length === PAGE);
        markRead();
      })
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [userId, markRead, original]);

  // The original tells nothing live: its whole conversation is read again each time the people
  // session reads the original's lists (every few seconds), from the first time after this page opened.
  const openedAt = useRef(tick);
  useEffect(() => {
    if (tick === openedAt.current) return;
    let active = true;
    friendsApi()
      .then((api) => api.conversation(userId))
      .then((all) => active && setMessages((current) => mergeMessages(current ?? [], all)))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [tick, userId]);

  // What comes live with this player goes in; what they sent is read at once on a shown page.
  useEffect(() => {
    const mine = live.filter((m) => otherOf(m, myId).id === userId);
    if (mine.length === 0) return;
    setMessages((current) => (current ? mergeMessages(current, mine) : current));
    if (mine.some((m) => m.sender.id === userId && !m.read_date)) markRead();
  }, [live, myId, userId, markRead]);

  useEffect(() => {
    const shown = (): void => {
      if (document.visibilityState === 'visible') markRead();
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, [markRead]);

  // Kept at the bottom while the player reads the newest; older pages keep what was in view.
  const height = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages is the trigger: the list's height changed
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (stick.current) element.scrollTop = element.scrollHeight;
    else element.scrollTop += element.scrollHeight - height.current;
    height.current = element.scrollHeight;
  }, [messages]);

  const loadOlder = async (): Promise<void> => {
    if (!messages || !more || busy) return;
    stick.current = false;
    setBusy(true);
    try {
      const page = await (await friendsApi()).conversation(userId, { before: olderPageBefore(messages), limit: PAGE });
      setMessages((current) => mergeMessages(current ?? [], page));
      setMore(page.length === PAGE);
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const onScroll = (): void => {
    const element = list.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    if (element.scrollTop < 40) void loadOlder();
  };

  const check = checkDraft(draft);
  const send = async (): Promise<void> => {
    if (!check.sendable) return;
    setBusy(true);
    try {
      const sent = await (await friendsApi()).send(userId, check.text);
      stick.current = true;
      setMessages((current) => mergeMessages(current ?? [], [sent]));
      setDraft('');
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (message: DirectMessage): Promise<void> => {
    try {
      const gone = await (await friendsApi()).deleteMessage(message.id);
      setMessages((current) => mergeMessages(current ?? [], [gone]));
    } catch (error) {
      showError(errorText(error));
    }
  };

  const who = other ? name(other) : '';
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="page conversation-page" data-testid="conversation-page">
      <div className="page-header conversation-header">
        <Link href={ROUTES.messages} className="button secondary small">
          {t('messages.all')}
        </Link>
        <h1>{other ? <Link href={playerPath(userId)}>{who}</Link> : t('app.loading')}</h1>
      </div>
      <ol className="message-list" ref={list} onScroll={onScroll} data-testid="message-list" aria-live="polite">
        {more && messages && messages.length > 0 && (
          <li className="message-more">
            <button type="button" className="ghost small" disabled={busy} onClick={() => void loadOlder()}>
              {t('messages.older')}
            </button>
          </li>
        )}
        {messages?.length === 0 && <li className="hint message-none">{t('messages.none', { name: who })}</li>}
        {messages?.map((message) => {
          const own = message.sender.id === myId;
          if (own && editing === message.id && !message.deleted) {
            return (
              <li key={message.id} className="message own editing" data-testid="message">
                <MessageEditor
                  message={message}
                  onDone={(edited) => {
                    setEditing(null);
                    if (edited) setMessages((current) => mergeMessages(current ?? [], [edited]));
                  }}
                />
              </li>
            );
          }
          return (
            <li key={message.id} className={`message ${own ? 'own' : 'theirs'}`} data-testid="message">
              <span className={`message-text ${message.deleted ? 'deleted' : ''}`}>
                {message.deleted ? t('messages.deleted') : message.message}
              </span>
              <span className="message-meta hint">
                <time dateTime={message.creation_date}>{time.format(new Date(message.creation_date))}</time>
                {message.edited_date && !message.deleted && ` · ${t('messages.edited')}`}
                {own && !message.deleted && (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={t('messages.editThisLabel')}
                    onClick={() => setEditing(message.id)}
                    data-testid="edit-message"
                  >
                    {t('messages.edit')}
                  </button>
                )}
                {own && !message.deleted && (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={t('messages.deleteLabel')}
                    onClick={() => void remove(message)}
                  >
                    {t('messages.delete')}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {friend ? (
        <form
          className="message-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label className="visually-hidden" htmlFor="message-draft">
            {t('messages.label', { name: who })}
          </label>
          <textarea
            id="message-draft"
            rows={2}
            value={draft}
            placeholder={t('messages.placeholder', { name: who })}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
            data-testid="message-draft"
          />
          <div className="message-form-side">
            <span className={`hint ${check.over > 0 ? 'error-text' : ''}`}>
              {check.length}/{TEXT_MAX}
            </span>
            <button type="submit" disabled={busy || !check.sendable} data-testid="send-message">
              {t('messages.send')}
            </button>
          </div>
        </form>
      ) : (
        other && <p className="hint">{t('messages.friendsOnly', { name: who })}</p>
      )}
    </section>
  );
}
