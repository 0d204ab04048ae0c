import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { PublicUser } from '../../../protocol/accounts';
import { accountsApi } from '../../account/accounts-api';
import { SEARCH_MAX, searchQuery } from '../../account/search-query';
import { addFriend } from '../../people/people-session';
import { usePlayerName } from '../../players/use-player-name';
import { peopleStore } from '../../stores/people';

/** Typing pauses this long before the search is sent. */
const TYPING_MS = 250;
const RESULTS = 6;

/** Find a player by the start of their name and ask them to be friends (the search of /players). */
export function AddFriend({ myId }: { readonly myId: string }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<readonly PublicUser[] | null>(null);
  const { friends, outgoing, incoming } = useSnapshot(peopleStore);

  useEffect(() => {
    const query = searchQuery(typed);
    if (query === null) {
      setFound(null);
      return;
    }
    let active = true;
    const timer = setTimeout(() => {
      accountsApi()
        .then((accounts) => accounts.search(query, 1, RESULTS))
        .then((page) => active && setFound(page.users.filter((u) => u.id !== myId && !u.bot)))
        .catch(() => active && setFound([]));
    }, TYPING_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [typed, myId]);

  const state = (user: PublicUser): 'friend' | 'sent' | 'received' | null => {
    if (friends.some((f) => f.id === user.id)) return 'friend';
    if (outgoing.some((r) => r.receiver.id === user.id)) return 'sent';
    if (incoming.some((r) => r.sender.id === user.id)) return 'received';
    return null;
  };

  return (
    <section className="card add-friend" aria-labelledby="add-friend-title">
      <h2 id="add-friend-title">{t('friends.addTitle')}</h2>
      <search className="field">
        <label htmlFor={inputId}>{t('profiles.searchLabel')}</label>
        <input
          id={inputId}
          type="search"
          value={typed}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('profiles.searchPlaceholder')}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="add-friend-search"
        />
      </search>
      {found && found.length === 0 && <p className="hint">{t('friends.noneFound')}</p>}
      {found && found.length > 0 && (
        <ul className="list friend-list">
          {found.map((user) => {
            const now = state(user);
            return (
              <li key={user.id} className="friend-row" data-testid="add-friend-result">
                <span className="friend-who">
                  <span className="avatar" aria-hidden="true">
                    {name(user).slice(0, 1)}
                  </span>
                  <strong>{name(user)}</strong>
                </span>
                <div className="friend-actions">
                  {now === null || now === 'received' ? (
                    <button type="button" className="small" onClick={() => void addFriend(user.id)}>
                      {t(now === 'received' ? 'friends.acceptRequest' : 'friends.add')}
                    </button>
                  ) : (
                    <span className="hint">{t(now === 'friend' ? 'friends.isFriend' : 'friends.requestSent')}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
