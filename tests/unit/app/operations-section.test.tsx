import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roleStore } from '../../../src/app/stores/role';
import type { ClusterOverview, ClusterRooms } from '../../../src/protocol/operations';
import { fakeApi, renderApp } from './render-app';

/*
 * The operator's console as a section of /admin (docs/deploy.md, "Operator's console"): what the
 * server's /admin/cluster routes answer, drawn for an admin, asked again every few seconds; a room
 * closed with a reason. The HTTP answers are canned here; the routes themselves are
 * tests/integration/operator-console.test.ts's, the page in a browser tests/e2e/admin.spec.ts's.
 */

const NOW = Date.UTC(2026, 11, 2, 5, 0, 0);
const ME = { id: 'id-alice', username: 'alice', email: 'a@example.test', gamesPlayed: 0, gamesWon: 0 };

const overview = (phase: 'serving' | 'draining'): ClusterOverview => ({
  at: NOW,
  nodes: [
    {
      id: 'n1',
      name: 'node-a',
      startedAt: NOW - 3 * 3_600_000 - 5 * 60_000,
      phase: 'serving',
      rooms: 2,
      sockets: { room: 4, lobby: 7 },
      computers: { seats: 1, max: 50 },
      eventLoopP99Ms: 3.2,
      rssBytes: 182_000_000,
    },
    {
      id: 'n2',
      name: 'node-b',
      startedAt: NOW - 60_000,
      phase,
      rooms: 1,
      sockets: { room: 2, lobby: 0 },
      computers: { seats: 0, max: 50 },
      eventLoopP99Ms: 140,
      rssBytes: 95_000_000,
    },
  ],
  silent: [],
  seats: [{ slug: 'calm-bay-1', node: 'n1', level: 'medium' }],
  queue: [{ userId: 'id-carol', username: 'carol', since: NOW - 40_000, rules: 'classic' }],
});

const ROOMS: ClusterRooms = {
  at: NOW,
  rooms: [
    {
      slug: 'brave-otter-42',
      node: 'n2',
      status: 'PLAY',
      rules: 'classic',
      createdAt: NOW - 12 * 60_000,
      loadedAt: NOW - 60_000,
      round: 1,
      gameId: 17,
      members: [
        { userId: 'id-dan', username: 'dan', connected: true, computer: null },
        { userId: 'id-eve', username: 'eve', connected: false, computer: null },
      ],
      spectators: 3,
      public: true,
    },
  ],
  totals: { n1: 2, n2: 1 },
  silent: [],
};

const ok = (body: unknown) => () => ({ status: 200, body });

afterEach(() => {
  vi.unstubAllGlobals();
  roleStore.token = null;
  roleStore.role = null;
});

describe('the operator’s console', () => {
  it('shows the nodes with their state and load, the rooms with their players, the queue, and asks again', async () => {
    let phase: 'serving' | 'draining' = 'serving';
    const api = fakeApi({
      'GET /users/me': ok({ ...ME, role: 'admin' }),
      'GET /admin/cluster': () => ({ status: 200, body: overview(phase) }),
      'GET /admin/cluster/rooms': ok(ROOMS),
      'POST /admin/cluster/rooms/brave-otter-42/close': ok({ slug: 'brave-otter-42', closed: true }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/admin?section=operations', { user: 'alice' });

    const section = await screen.findByTestId('operations-section', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Operations' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(within(section).getAllByTestId('ops-node')).toHaveLength(2));
    expect(within(screen.getByTestId('ops-nodes')).getByText('all serving')).toBeTruthy();
    expect(screen.getByTestId('ops-rooms').textContent).toContain('3');
    expect(screen.getByTestId('ops-sockets').textContent).toContain('13');
    expect(screen.getByTestId('ops-sockets').textContent).toContain('6 at tables · 7 in the lobby');
    expect(screen.getByTestId('ops-queue').textContent).toContain('1');
    const [a, b] = within(section).getAllByTestId('ops-node');
    expect(a?.textContent).toContain('node-a');
    expect(a?.textContent).toContain('3h 5m');
    expect(a?.textContent).toContain('3.2 ms');
    expect(a?.textContent).toContain('182 MB');
    // A late event loop stands out.
    expect(
      within(b as HTMLElement)
        .getByText('140 ms')
        .getAttribute('data-late'),
    ).toBe('true');

    const room = within(section).getByTestId('ops-room');
    expect(room.textContent).toContain('brave-otter-42');
    expect(room.textContent).toContain('node-b');
    expect(room.textContent).toContain('Playing');
    expect(room.textContent).toContain('dan');
    expect(room.textContent).toContain('eve');
    expect(room.textContent).toContain('12m');
    // Only a connected person can be disconnected.
    expect(within(room).getByRole('button', { name: 'Disconnect dan' })).toBeTruthy();
    expect(within(room).queryByRole('button', { name: 'Disconnect eve' })).toBeNull();
    expect(within(section).getByText('carol')).toBeTruthy();

    // Asked again every few seconds: a node that starts draining shows so.
    phase = 'draining';
    await waitFor(() => expect(within(screen.getByTestId('ops-nodes')).getByText('1 draining')).toBeTruthy(), {
      timeout: 8000,
    });
    expect(screen.getAllByTestId('ops-node')[1]?.getAttribute('data-phase')).toBe('draining');
    expect(api.calls.filter((c) => c.path === '/admin/cluster').length).toBeGreaterThanOrEqual(2);

    // Closing a room asks why first, then sends it.
    const user = userEvent.setup();
    await user.click(within(room).getByRole('button', { name: 'Close room brave-otter-42' }));
    const send = screen.getByRole('button', { name: 'Close the room' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Why/), 'stuck game');
    await user.click(send);
    await screen.findByText('Room brave-otter-42 is closed; its players were told why.');
    const close = api.calls.find((c) => c.path.endsWith('/close'));
    expect(close?.body).toEqual({ reason: 'stuck game' });
  }, 20_000);

  it('is for admins only: a player is told so and nothing of the cluster is asked', async () => {
    const api = fakeApi({ 'GET /users/me': ok({ ...ME, role: 'player' }) });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/admin?section=operations', { user: 'alice' });
    expect(await screen.findByTestId('admin-refused', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/admin/'))).toBe(false);
  });
});
