import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../src/app/stores/auth';
import { SPEC_CAPABILITIES } from '../../../src/protocol/capabilities';
import { loadServerChoice, SERVER_STORAGE_KEY, serverStore } from '../../../src/app/stores/server';
import { fakeApi, renderApp } from './render-app';

/* Another server (docs/game.md, "Another server"): chosen under "Advanced" on the login page,
 * checked, remembered; the original server answers 404 on /capabilities and Home hides what it lacks. */

const ORIGINAL = 'http://127.0.0.1:5000';
const notFound = () => ({
  status: 404,
  body: { statusCode: 404, message: 'Cannot GET /capabilities', error: 'Not Found' },
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(SERVER_STORAGE_KEY);
  loadServerChoice();
});

async function chooseServer(address: string): Promise<void> {
  const user = userEvent.setup();
  await user.click(screen.getByText('Advanced'));
  const field = screen.getByLabelText('Server');
  await user.clear(field);
  await user.type(field, address);
  await user.click(screen.getByRole('button', { name: 'Use this server' }));
}

describe('another server, chosen on the login page', () => {
  it('refuses an address that does not read, saying why, and keeps the default', async () => {
    renderApp('/login');
    await chooseServer('http://example.org/api');
    expect(await screen.findByText(/without a path/)).toBeTruthy();
    await chooseServer('ftp://example.org');
    expect(await screen.findByText('Only http:// and https:// addresses work here')).toBeTruthy();
    expect(serverStore.chosen).toBeNull();
    expect(localStorage.getItem(SERVER_STORAGE_KEY)).toBeNull();
  });

  it('says when nothing answers, and does not switch', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/login');
    await chooseServer('localhost:5999');
    expect(
      await screen.findByText(
        'Nothing answered at http://localhost:5999: check the address and that the server is running',
      ),
    ).toBeTruthy();
    expect(serverStore.chosen).toBeNull();
  });

  it('keeps a SPEC-only server, logs the player out there, remembers it; Home then asks it nothing it lacks', async () => {
    const api = fakeApi({ [`GET ${ORIGINAL}/capabilities`]: notFound });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/login', { user: 'alice' });
    await chooseServer(ORIGINAL);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('original protocol only'));
    expect(screen.getByRole('status').textContent).toContain(`Playing on ${ORIGINAL}.`);
    expect(localStorage.getItem(SERVER_STORAGE_KEY)).toBe(ORIGINAL);
    // Another server is another set of accounts.
    expect(authStore.user).toBeNull();
    expect(serverStore.capabilities.server).toBe('spec');

    loadServerChoice();
    expect(serverStore.chosen).toBe(ORIGINAL);
    app.unmount();
    api.calls.length = 0;
    renderApp('/', { user: 'alice' });
    expect(await screen.findByRole('button', { name: 'Create a game' })).toBeTruthy();
    for (const gone of ['Find an opponent', 'Play the computer']) {
      expect(screen.queryByRole('button', { name: gone })).toBeNull();
    }
    expect(screen.queryByText('Open games')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Turn clock' })).toBeNull();
    expect(screen.getByText(`Playing on ${ORIGINAL}.`, { exact: false })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.map((c) => c.path)).toEqual([]);
  });

  it('goes back to the default server', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET ${ORIGINAL}/capabilities`]: notFound,
        'GET /capabilities': () => ({ status: 200, body: { protocol: 'broadside/2', features: ['clock'] } }),
      }).fetch,
    );
    renderApp('/login');
    await chooseServer(ORIGINAL);
    await waitFor(() => expect(serverStore.chosen).toBe(ORIGINAL));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to the default server' }));
    expect(serverStore.chosen).toBeNull();
    expect(localStorage.getItem(SERVER_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(serverStore.capabilities.features.clock).toBe(true));
    expect(serverStore.capabilities.server).toBe('broadside');
  });
});

describe('pages a SPEC-only server cannot serve', () => {
  it('say so and ask it nothing: leaderboard, replay, watch; the profile shows the username only', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    for (const [path, feature] of [
      ['/leaderboard', 'ratings'],
      ['/replay/4', 'history'],
      ['/game/calm-whale-7/watch', 'spectators'],
    ] as const) {
      serverStore.capabilities = SPEC_CAPABILITIES;
      serverStore.reach = 'reachable';
      const app = renderApp(path, { user: 'alice' });
      expect(await screen.findByRole('heading', { name: 'Not on this server' })).toBeTruthy();
      expect(app.container.querySelector('[data-feature]')?.getAttribute('data-feature')).toBe(feature);
      app.unmount();
    }
    serverStore.capabilities = SPEC_CAPABILITIES;
    renderApp('/profile', { user: 'alice' });
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText(/keeps no record of games/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toEqual([]);
  });
});
