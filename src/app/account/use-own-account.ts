import { useEffect, useState } from 'react';
import { api } from '../api';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { accountsApi } from './accounts-api';

/** What the account page knows of the account: its name, and its e-mail where the server tells it. */
export interface OwnAccount {
  readonly username: string;
  readonly email: string | null;
}

/**
 * The logged-in account as the account page shows it: from GET /users/me on a Broadside server,
 * from the original's GET /users/:id elsewhere (whose e-mail the client does not keep: parsing
 * strips it with the password hash). `update` records what a change answered.
 */
export function useOwnAccount(
  userId: string,
  ours: boolean,
): [OwnAccount | null, (changed: Partial<OwnAccount>) => void] {
  const [account, setAccount] = useState<OwnAccount | null>(null);
  useEffect(() => {
    let active = true;
    const load = ours ? api().then((client) => client.me()) : accountsApi().then((accounts) => accounts.user(userId));
    load
      .then((me) => {
        if (active) setAccount({ username: me.username, email: 'email' in me ? me.email : null });
      })
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [userId, ours]);
  const update = (changed: Partial<OwnAccount>): void =>
    setAccount((current) => (current ? { ...current, ...changed } : current));
  return [account, update];
}
