import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../src/app/stores/auth';
import { loadServerChoice, serverStore } from '../../../src/app/stores/server';
import { BROADSIDE_CAPABILITIES, SPEC_CAPABILITIES } from '../../../src/protocol/capabilities';
import { fakeApi, renderApp } from './render-app';
import { tokenFor } from './tokens';

/* Profiles and your account (docs/game.md, "Profiles", "Your account") in the shell, against a
 * stubbed API: what each page asks the server and shows, on our server and on the original. */

afterEach(() => {
  vi.unstubAllGlobals();
  loadServerChoice();
});

const BOB = {
  id: 'id-bob',
  username: 'bob',
  role: 'player',
  creation_date: '2026-03-14T09:26:53.589Z',
  title: null,
  bot: null,
  blocked: false,
};
const ok = (body: unknown) => () => ({ status: 200, body });
const emptyHistory = ok({
  user: { userId: 'id-bob', username: 'bob', bot: null },
  games: [],
  page: 1,
  pageSize: 10,
  total: 0,
});

describe('a player’s profile', () => {
  it('shows the name and since when, and blocks after a confirmation', async () => {
    const api = fakeApi({
      'GET /users/id-bob': ok(BOB),
      'GET /users/id-bob/stats': ok({ user: { userId: 'id-bob', username: 'bob', bot: null }, byRules: [] }),
      'GET /users/id-bob/history?page=1&pageSize=10': emptyHistory,
      'POST /users/id-bob/block': () => ({ status: 201, body: { userId: 'id-bob', username: 'bob' } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/player/id-bob', { user: 'alice' });
    expect(await screen.findByRole('heading', { name: 'bob' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('player-since').textContent).toBe('Playing since March 2026');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(screen.getByText(/No message, friend request, challenge or game will pass between you/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/block'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(
      screen.getByText('You blocked bob: no message, friend request, challenge or game passes between you.'),
    ).toBeTruthy();
  });

  it('says so for a player that does not exist or deleted the account', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /users/gone': () => ({ status: 404, body: { statusCode: 404, message: 'No such player' } }) })
        .fetch,
    );
    renderApp('/player/gone', { user: 'alice' });
    expect(await screen.findByRole('heading', { name: 'No such player' })).toBeTruthy();
  });

  it('on one’s own profile offers to edit the account instead of the actions', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /users/id-alice': ok({ ...BOB, id: 'id-alice', username: 'alice' }),
        'GET /users/id-alice/history?page=1&pageSize=10': emptyHistory,
      }).fetch,
    );
    renderApp('/player/id-alice', { user: 'alice' });
    expect(await screen.findByTestId('edit-account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
  });
});

describe('your account', () => {
  it('on our server asks the current password, renames with a new token, and offers export and deletion', async () => {
    const renamed = tokenFor('ada');
    const api = fakeApi({
      'GET /users/me': ok({
        id: 'id-alice',
        username: 'alice',
        email: 'alice@example.test',
        gamesPlayed: 0,
        gamesWon: 0,
      }),
      'PUT /users/id-alice': () => ({
        status: 200,
        body: { ...BOB, id: 'id-alice', username: 'ada', email: 'alice@example.test', access_token: renamed },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/account', { user: 'alice' });
    expect(await screen.findByText(/Now: alice@example.test/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByLabelText('Current password')).toHaveLength(2);
    expect(screen.getByTestId('account-export')).toBeTruthy();
    expect(screen.getByTestId('account-delete')).toBeTruthy();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(name);
    await user.type(name, 'ada');
    await user.click(screen.getByRole('button', { name: 'Change the username' }));
    expect(await screen.findByText('You are now ada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/users/id-alice')?.body).toEqual({ username: 'ada' });
    expect(authStore.user?.username).toBe('ada');
    expect(authStore.user?.access_token).toBe(renamed);
  });

  it('refuses two different new passwords before asking the server', async () => {
    const api = fakeApi({
      'GET /users/me': ok({ id: 'id-alice', username: 'alice', email: 'a@example.test', gamesPlayed: 0, gamesWon: 0 }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/account', { user: 'alice' });
    const card = await screen.findByTestId('account-password');
    const user = userEvent.setup();
    const [current, fresh, again] = card.querySelectorAll('input');
    if (!current || !fresh || !again) throw new Error('three fields expected');
    await user.type(current, 'old password');
    await user.type(fresh, 'new password one');
    await user.type(again, 'new password two');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('The two new passwords differ: type the same one twice.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/users/id-alice')).toBe(false);
  });

  it('on the original server uses its GET and PUT /users/:id, keeps no e-mail or hash, and hides what it lacks', async () => {
    serverStore.capabilities = SPEC_CAPABILITIES;
    serverStore.reach = 'reachable';
    const original = {
      id: 'id-alice',
      username: 'alice',
      email: 'alice@example.test',
      password: '$2b$10$abcdefghijklmnopqrstuv',
      role: 'Player',
      creation_date: '2026-01-02T03:04:05.000Z',
    };
    const api = fakeApi({
      'GET /users/id-alice': ok(original),
      'PUT /users/id-alice': ok({ ...original, email: 'new@example.test' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/account', { user: 'alice' });
    expect(await screen.findByTestId('account-elsewhere')).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.queryByTestId('account-delete')).toBeNull();
    expect(screen.queryByTestId('account-export')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.test');
    await user.click(screen.getByRole('button', { name: 'Change the e-mail' }));
    expect(await screen.findByText('Your e-mail is now new@example.test.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/users/id-alice' && c.body)?.body).toEqual({ email: 'new@example.test' });
    expect(app.container.innerHTML).not.toContain('$2b$');
  });

  it('deletes with the password, then lands logged out on a page that says what happened', async () => {
    serverStore.capabilities = BROADSIDE_CAPABILITIES;
    const api = fakeApi({
      'GET /users/me': ok({ id: 'id-alice', username: 'alice', email: 'a@example.test', gamesPlayed: 0, gamesWon: 0 }),
      'DELETE /users/id-alice': ok({}),
    });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/account', { user: 'alice' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    await user.type(screen.getByLabelText('Your password, to confirm'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/users/id-alice')?.body).toEqual({ password: 'correct horse' });
    await waitFor(() => expect(authStore.user).toBeNull());
    expect(app.path()).toBe('/account/deleted');
  });
});

describe('forgot your password', () => {
  it('says plainly when the server sends no e-mail', async () => {
    serverStore.capabilities = {
      ...BROADSIDE_CAPABILITIES,
      source: 'probe',
      features: { ...BROADSIDE_CAPABILITIES.features, passwordReset: false },
    };
    serverStore.reach = 'reachable';
    renderApp('/reset-password');
    expect((await screen.findByTestId('reset-unavailable')).textContent).toMatch(/sends no e-mail/);
  });

  it('is linked from the login page', async () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
  });
});
