import { describe, expect, it } from 'vitest';
import { emailChange, passwordChange, usernameChange } from '../../src/app/account/account-changes';
import { AccountsApi, ApiClient, PublicUserSchema } from '../../src/protocol';
import { interopSkipReason } from '../support/original';
import { originalServerForSuite } from '../support/original-suite';

/*
 * Our clients' account calls on the original server (docs/game.md, "Another server"): its
 * GET /users/:id and PUT /users/:id, which our profile and account pages use there. Its answers
 * carry the e-mail and the password hash; our parsing keeps neither.
 */

const skip = interopSkipReason();
if (skip) console.log(`SKIPPED ${skip}`);

const PASSWORD = 'correct horse battery';

describe.skipIf(skip !== null)('profiles and your account on the original server', () => {
  const suite = originalServerForSuite();

  /** A fresh account on the original: its id, from its own token, and its clients. */
  async function account(prefix: string) {
    const url = suite.server.url;
    const tag = Math.random().toString(36).slice(2, 8);
    const username = `${prefix}${tag}`;
    const email = `${username}@example.test`;
    const client = new ApiClient({ baseUrl: url });
    await client.signUp({ username, email, password: PASSWORD });
    const { access_token } = await client.login({ email, password: PASSWORD });
    const id = JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString()).id as string;
    return { id, username, email, client, accounts: new AccountsApi(client) };
  }

  it('reads a player’s card through GET /users/:id without keeping the e-mail or the hash', async () => {
    const [alice, bob] = [await account('ali'), await account('bob')];
    const raw = (await (
      await fetch(`${suite.server.url}/users/${bob.id}`, { headers: { authorization: `Bearer ${alice.client.token}` } })
    ).json()) as Record<string, unknown>;
    // The original's own answer: what our schema must read, and what it must drop.
    expect(raw).toMatchObject({ id: bob.id, username: bob.username, email: bob.email, role: 'Player' });
    expect(raw).toHaveProperty('password');
    const card = await alice.accounts.user(bob.id);
    expect(card).toEqual(PublicUserSchema.parse(raw));
    expect(card).toMatchObject({ id: bob.id, username: bob.username, role: 'Player' });
    expect(JSON.stringify(card)).not.toContain('@');
    expect(card).not.toHaveProperty('password');
    expect(Number.isNaN(Date.parse(card.creation_date))).toBe(false);
    await expect(alice.accounts.user('not-a-uuid')).rejects.toMatchObject({ status: 400 });
  });

  it('changes the username, the e-mail and the password through its PUT /users/:id, as the account page sends them there', async () => {
    const me = await account('eve');
    const spec = { confirms: false, language: 'fr' } as const;
    const renamed = `${me.username}x`;
    expect(await me.accounts.updateUser(me.id, usernameChange(renamed))).toMatchObject({ username: renamed });
    const email = `new.${me.email}`;
    expect(await me.accounts.updateUser(me.id, emailChange(email, '', spec))).toMatchObject({ email });
    await me.accounts.updateUser(me.id, passwordChange('a new password here', '', spec));
    const fresh = new ApiClient({ baseUrl: suite.server.url });
    await expect(fresh.login({ email, password: 'a new password here' })).resolves.toHaveProperty('access_token');
    // Someone else's account is refused there too.
    const other = await account('mal');
    await expect(other.accounts.updateUser(me.id, usernameChange('stolen'))).rejects.toMatchObject({ status: 403 });
  });
});
