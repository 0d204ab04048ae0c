import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { errorText } from '../../errors/error-text';
import { friendsApi } from '../../people/friends-api';
import { type AddTarget, addTarget } from '../../people/original-people';
import { acceptRequest, addFriend } from '../../people/people-session';
import { usePlayerName } from '../../players/use-player-name';
import { showError } from '../../stores/banner';
import { peopleStore } from '../../stores/people';

/**
 * Add a friend on the original server (docs/protocol.md, "Interoperability"): it has no search, so
 * the player types a username (or an id) whole; its list of accounts (`GET /users`) gives the id
 * that its `POST /friends/add` takes.
 */
export function OriginalAddFriend({ myId }: { readonly myId: string }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AddTarget | null>(null);
  const { friends, incoming, outgoing } = useSnapshot(peopleStore);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (typed.trim() === '' || busy) return;
    setBusy(true);
    try {
      const users = await (await friendsApi()).users();
      const target = addTarget(users, typed, myId, { friends, incoming, outgoing });
      if (target.kind === 'ask' && (await addFriend(target.user.id))) {
        setOutcome({ kind: 'sent', user: target.user });
        setTyped('');
      } else if (target.kind === 'received') {
        const request = incoming.find((r) => r.sender.id === target.user.id);
        if (request && (await acceptRequest(request.id))) setOutcome({ kind: 'friend', user: target.user });
      } else if (target.kind !== 'ask') {
        setOutcome(target);
      }
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  let said: string | null = null;
  if (outcome?.kind === 'none') said = t('friends.originalNotFound');
  else if (outcome?.kind === 'self') said = t('friends.originalSelf');
  else if (outcome?.kind === 'friend') said = t('friends.originalFriend', { name: name(outcome.user) });
  else if (outcome?.kind === 'sent') said = t('friends.originalSent', { name: name(outcome.user) });

  return (
    <section className="card add-friend" aria-labelledby="add-friend-title">
      <h2 id="add-friend-title">{t('friends.addTitle')}</h2>
      <form className="inline-form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={inputId}>{t('friends.originalLabel')}</label>
          <input
            id={inputId}
            value={typed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setTyped(event.target.value);
              setOutcome(null);
            }}
            data-testid="add-friend-name"
          />
        </div>
        <button type="submit" disabled={busy || typed.trim() === ''}>
          {t('friends.add')}
        </button>
      </form>
      <p className="hint" role="status">
        {said ?? t('friends.originalHint')}
      </p>
    </section>
  );
}
