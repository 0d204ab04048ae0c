import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../src/app/stores/auth';
import { fakeApi, renderApp } from './render-app';

/* Home's ways to play at once (issue 12), over HTTP: the computer and public rooms. */

afterEach(() => {
  vi.unstubAllGlobals();
});

const bot = { userId: 'bot-hard', username: 'Computer (Hard)', level: 'hard' };

describe('home: play at once', () => {
  it('plays the computer at the chosen level and opens the game page', async () => {
    const api = fakeApi({
      'POST /room/computer': () => ({ status: 201, body: { slug: 'calm-reef-17', bot } }),
      'GET /users/me/games': () => ({ status: 200, body: { games: [] } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/', { user: 'alice' });
    const user = userEvent.setup();
    const levels = screen.getByRole('group', { name: 'Level' });
    expect(
      within(levels)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'EasyFires at random. Good for a first game.',
      'MediumHunts around every hit until the ship sinks.',
      'HardWeighs every possible layout and hides its fleet along the edges.',
    ]);
    expect(screen.getByRole('radio', { name: /^Easy/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: /^Hard/ }));
    await user.click(screen.getByRole('button', { name: 'Play the computer' }));
    await waitFor(() => expect(app.path()).toBe('/game/calm-reef-17'), { timeout: 5000 });
    const call = api.calls.find((c) => c.path === '/room/computer');
    expect(call?.body).toEqual({ level: 'hard' });
    expect(call?.authorization).toBe(`Bearer ${authStore.user?.access_token}`);
  });

  it('says so, in the player’s language, when every computer seat is busy (503)', async () => {
    const message = 'All 200 computer opponents are busy: try again in a minute, or find a person to play';
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /room/computer': () => ({
          status: 503,
          body: { statusCode: 503, message: [message], error: 'Service Unavailable' },
        }),
      }).fetch,
    );
    const app = renderApp('/', { user: 'alice' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Play the computer' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Every computer opponent is busy right now.');
    expect(app.path()).toBe('/');
    // The button is usable again for another try.
    expect(screen.getByRole('button', { name: 'Play the computer' })).toHaveProperty('disabled', false);
  });

  it('creates a public game only when asked, with the clock', async () => {
    const api = fakeApi({ 'POST /room': () => ({ status: 201, body: { slug: 'calm-whale-7' } }) });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/', { user: 'alice' });
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Public — list it in Open games' });
    expect(box).toHaveProperty('checked', false);
    await user.click(box);
    await user.click(screen.getByRole('radio', { name: '60 s' }));
    await user.click(screen.getByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(app.path()).toBe('/game/lobby/calm-whale-7'), { timeout: 5000 });
    expect(api.calls.find((c) => c.path === '/room')?.body).toEqual({
      userId: 'id-alice',
      username: 'alice',
      socketId: null,
      turnSeconds: 60,
      public: true,
    });
  });

  it('sends an anonymous player to log in, to register for a quick match, and lists no open games without an account', async () => {
    const app = renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Play the computer' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    app.navigate('/');
    // Someone who wants an opponent most likely has no account yet.
    await user.click(await screen.findByRole('button', { name: 'Find an opponent' }));
    await waitFor(() => expect(app.path()).toBe('/register'));
    app.navigate('/');
    const openGames = await screen.findByRole('region', { name: 'Open games' });
    expect(within(openGames).queryByRole('list')).toBeNull();
    expect(within(openGames).getByRole('link', { name: 'Log in to see them' }).getAttribute('href')).toBe('/login');
  });
});
