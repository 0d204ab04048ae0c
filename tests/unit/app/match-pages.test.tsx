import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyGrid, type Grid } from '../../../src/game';
import { initialGameState, initialMatch } from '../../../src/protocol/client-state';
import { applyServerState, gameStore, resetGameStore } from '../../../src/app/stores/game';
import { alice, bob, update } from './fake-room';
import { fakeApi, renderApp, roomAcquired } from './render-app';

/* A fake room session: the pages talk to it exactly as to the real one. */
const session = vi.hoisted(() => ({
  joinReply: 'PLAY' as unknown,
  resign: vi.fn(async () => true),
  leaveRoom: vi.fn(async () => true),
  replay: vi.fn(async () => undefined),
}));

vi.mock('../../../src/app/session/game-session', async () =>
  (await import('./fake-room')).fakeGameSessionModule(session),
);
vi.mock('../../../src/app/components/game/LazyStage', async () => (await import('./fake-room')).lazyStageStandIn);

async function openGame() {
  const app = renderApp('/game/calm-whale-7', { user: 'alice' });
  await screen.findByRole('heading', { name: 'Game calm-whale-7' }, { timeout: 5000 });
  await roomAcquired('calm-whale-7');
  return app;
}

function grid(codes: string): Grid {
  const g = emptyGrid();
  [...codes].forEach((code, i) => {
    const row = g[Math.floor(i / 10)];
    if (row && code !== '.') row[i % 10] = code as Grid[number][number];
  });
  return g;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  resetGameStore(null, null);
});

describe('presence and the away countdown', () => {
  it('shows each member connected or not, and counts down the absent opponent in PLAY', async () => {
    await openGame();
    await update(() => {
      gameStore.connected = true;
      gameStore.gameStatus = 'PLAY';
      gameStore.members = [{ ...alice, hasToPlay: true }, bob];
    });
    const players = screen.getByRole('list', { name: 'Players' });
    expect(
      within(players)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['alice (you)connectedto shoot', 'bobconnected']);
    await update(() => {
      gameStore.members = [
        { ...alice, hasToPlay: true },
        { ...bob, socketId: null, connected: false, awayUntil: Date.now() + 60_000 },
      ];
    });
    expect(within(players).getAllByRole('listitem')[1]?.textContent).toBe('bobdisconnected');
    const shown = () => Number(/they have (\d+) s/.exec(screen.getByRole('timer').textContent ?? '')?.[1]);
    expect(screen.getByRole('timer').textContent).toMatch(/^bob left — they have \d+ s to come back$/);
    // 60 s from now, give or take a loaded machine's delay before this render.
    const first = shown();
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    expect(screen.getByText('bob left the game. The countdown to their forfeit has started.')).toBeTruthy();
    // The count follows the clock.
    await waitFor(() => expect(shown()).toBeLessThan(first), { timeout: 10_000 });
    // Back in time: the game goes on, the notice goes.
    await update(() => {
      gameStore.members = [{ ...alice, hasToPlay: true }, bob];
    });
    expect(screen.queryByText(/bob left/)).toBeNull();
  });

  it("reads the deadline on the server's clock", async () => {
    await openGame();
    await update(() => {
      gameStore.connected = true;
      gameStore.gameStatus = 'PLAY';
      // The server is 20 s ahead of this browser: its deadline, 60 s after its "now", is 60 s away.
      gameStore.clockOffsetMs = 20_000;
      gameStore.members = [alice, { ...bob, connected: false, socketId: null, awayUntil: Date.now() + 80_000 }];
    });
    expect(screen.getByRole('timer').textContent).toMatch(/they have (60|59|58|57|56|55) s/);
  });

  it('tells the player their own connection dropped', async () => {
    await openGame();
    await update(() => {
      gameStore.gameStatus = 'PLAY';
      gameStore.members = [alice, bob];
      gameStore.connected = false;
    });
    expect(screen.getByText('Connection lost. Reconnecting…')).toBeTruthy();
  });
});

describe('the audience', () => {
  it('tells both players how many watch, from placement to the end, and nothing for none', async () => {
    await openGame();
    await update(() => {
      gameStore.gameStatus = 'PLACE_SHIPS';
      gameStore.members = [alice, bob];
    });
    expect(screen.queryByTestId('game-audience')).toBeNull();
    await update(() => {
      gameStore.match = { ...initialMatch(), spectators: 1 };
    });
    expect(screen.getByTestId('game-audience').textContent).toContain('1 watching');
    await update(() => {
      gameStore.gameStatus = 'PLAY';
      gameStore.match = { ...initialMatch(), spectators: 3 };
    });
    expect(screen.getByTestId('game-audience').textContent).toContain('3 watching');
    await update(() => {
      gameStore.match = { ...initialMatch(), spectators: 0 };
    });
    expect(screen.queryByTestId('game-audience')).toBeNull();
  });
});

describe('turn clock', () => {
  it('shows the current turn counting down on both sides, and missed turns', async () => {
    await openGame();
    await update(() => {
      gameStore.connected = true;
      gameStore.gameStatus = 'PLAY';
      gameStore.members = [alice, { ...bob, hasToPlay: true }];
      gameStore.match = {
        ...initialMatch(),
        turnSeconds: 30,
        turnDeadline: Date.now() + 30_000,
        missedTurns: { 'id-bob': 2 },
      };
    });
    expect(screen.getByRole('timer').textContent).toMatch(/^bob has (30|29|28|27|26|25) s left$/);
    expect(screen.getByText('missed turns in a row: 2 of 3')).toBeTruthy();
    await update(() => {
      gameStore.members = [{ ...alice, hasToPlay: true }, bob];
      gameStore.match = { ...gameStore.match, turnDeadline: Date.now() + 9_000, missedTurns: {} };
    });
    expect(screen.getByRole('timer').textContent).toMatch(/^[4-9] s left to shoot$/);
    expect(screen.getByRole('timer').closest('.turn-clock')?.getAttribute('data-low')).toBe('true');
    expect(screen.queryByText(/missed turns/)).toBeNull();
  });

  it('shows no clock in a game without one', async () => {
    await openGame();
    await update(() => {
      gameStore.gameStatus = 'PLAY';
      gameStore.members = [{ ...alice, hasToPlay: true }, bob];
    });
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('resign', () => {
  it('asks for confirmation, and a second thought changes nothing', async () => {
    await openGame();
    await update(() => {
      gameStore.gameStatus = 'PLAY';
      gameStore.members = [{ ...alice, hasToPlay: true }, bob];
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    expect(screen.getByText('Resign this game? bob wins.')).toBeTruthy();
    // The safe answer has the focus.
    expect(document.activeElement?.textContent).toBe('Keep playing');
    await user.click(screen.getByRole('button', { name: 'Keep playing' }));
    expect(session.resign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(screen.getByRole('button', { name: 'Yes, resign' }));
    expect(session.resign).toHaveBeenCalledTimes(1);
  });
});

describe('end of game', () => {
  it('says who won, how, and how each side shot', async () => {
    await openGame();
    await update(() => {
      gameStore.gameStatus = 'ENDED';
      gameStore.members = [alice, bob];
      gameStore.winner = { userId: 'id-bob', username: 'bob' };
      gameStore.match = { ...initialMatch(), endReason: 'RESIGN' };
      gameStore.opponentBoats = grid('MMMH');
      gameStore.playerBoats = grid('DDHM');
    });
    expect(screen.getByText('bob won !')).toBeTruthy();
    expect(screen.getByText('You lost')).toBeTruthy();
    expect(screen.getByText('You resigned.')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Shooting' })).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Player', 'Shots', 'Hits', 'Accuracy'],
      ['alice (you)', '4', '1', '25%'],
      ['bob', '4', '3', '75%'],
    ]);
  });

  it('names every way a game ends, for the winner', async () => {
    await openGame();
    const texts: Record<string, string> = {
      SUNK: "You sank all of bob's ships.",
      RESIGN: 'bob resigned.',
      FORFEIT: 'By forfeit: bob left and did not come back in time.',
      CLOCK: 'On time: bob missed three turns in a row.',
    };
    for (const [reason, text] of Object.entries(texts)) {
      await update(() => {
        gameStore.gameStatus = 'ENDED';
        gameStore.members = [alice, bob];
        gameStore.winner = { userId: 'id-alice', username: 'alice' };
        gameStore.match = { ...initialMatch(), endReason: reason as 'SUNK' };
      });
      expect(screen.getByText('You won')).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it("keeps the end on screen when the opponent replays, until 'Place my ships'", async () => {
    await openGame();
    const ended = {
      ...initialGameState('calm-whale-7'),
      connected: true,
      gameStatus: 'ENDED' as const,
      members: [alice, bob],
      winner: { userId: 'id-alice', username: 'alice' },
      opponentBoats: grid('DDDDD'),
      match: { ...initialMatch(), endReason: 'SUNK' as const },
    };
    await update(() => applyServerState(ended, 'gameStatus'));
    expect(screen.getByRole('button', { name: 'Replay' })).toBeTruthy();
    await update(() => {
      applyServerState({ ...ended, gameStatus: 'PLACE_SHIPS' }, 'gameStatus');
      applyServerState(
        {
          ...ended,
          gameStatus: 'PLACE_SHIPS',
          winner: null,
          opponentBoats: emptyGrid(),
          match: { ...initialMatch(), rematchBy: { userId: 'id-bob', username: 'bob' } },
        },
        'match',
      );
    });
    // The result stays (in the end card; the bar now carries bob's request).
    expect(screen.getByText('You won')).toBeTruthy();
    expect(screen.getByText("You sank all of bob's ships.")).toBeTruthy();
    expect(gameStore.opponentBoats).toEqual(grid('DDDDD'));
    expect(screen.getByText('bob wants a rematch')).toBeTruthy();
    expect(screen.getByText('bob has started the next round: place your ships when you are ready.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replay' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place my ships' }));
    expect(await screen.findByRole('button', { name: 'Validate my ships' })).toBeTruthy();
    expect(screen.queryByText('You won')).toBeNull();
  });
});

describe('lobby: leave', () => {
  it('leaves and goes home; the member who stays is told', async () => {
    session.joinReply = 'UNSTARTED';
    const app = renderApp('/game/lobby/calm-whale-7', { user: 'alice' });
    await screen.findByRole('heading', { name: 'Waiting for players' }, { timeout: 5000 });
    await roomAcquired('calm-whale-7');
    const lobby = { ...initialGameState('calm-whale-7'), connected: true, gameStatus: 'UNSTARTED' as const };
    await update(() => applyServerState({ ...lobby, members: [alice, bob] }, 'members'));
    await update(() => applyServerState({ ...lobby, members: [alice] }, 'members'));
    expect(await screen.findByText('bob left the game.', undefined, { timeout: 5000 })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Leave' }));
    expect(session.leaveRoom).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(app.path()).toBe('/'));
    session.joinReply = 'PLAY';
  });
});

describe('home', () => {
  it('creates a game with the chosen turn clock', async () => {
    const api = fakeApi({
      'POST /room': () => ({ status: 201, body: { slug: 'calm-whale-7' } }),
      'GET /users/me/games': () => ({ status: 200, body: { games: [] } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/', { user: 'alice' });
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Off' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: '30 s' }));
    await user.click(screen.getByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(app.path()).toBe('/game/lobby/calm-whale-7'), { timeout: 5000 });
    expect(api.calls.find((call) => call.path === '/room')?.body).toEqual({
      userId: 'id-alice',
      username: 'alice',
      socketId: null,
      turnSeconds: 30,
    });
  });

  it('lists the games in progress, each linking back in', async () => {
    const games = [
      { slug: 'calm-whale-7', status: 'PLAY', opponent: { userId: 'id-bob', username: 'bob' }, updatedAt: 2 },
      { slug: 'brave-otter-42', status: 'UNSTARTED', opponent: null, updatedAt: 1 },
    ];
    vi.stubGlobal('fetch', fakeApi({ 'GET /users/me/games': () => ({ status: 200, body: { games } }) }).fetch);
    const app = renderApp('/', { user: 'alice' });
    const section = await screen.findByRole('region', { name: 'Your games in progress' }, { timeout: 5000 });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['calm-whale-7 against bob in play', 'brave-otter-42 waiting for an opponent in the lobbyDismiss']);
    // Only the game that never started can be dismissed (issue 36, item 2).
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Dismiss brave-otter-42: leave this game that has not started']);
    expect(within(section).getByRole('link', { name: 'calm-whale-7' }).getAttribute('href')).toBe('/game/calm-whale-7');
    await userEvent.setup().click(within(section).getByRole('link', { name: 'brave-otter-42' }));
    await waitFor(() => expect(app.path()).toBe('/game/lobby/brave-otter-42'));
  });

  it('says so when the list cannot be loaded, and shows nothing for none', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /users/me/games': () => ({ status: 500, body: { statusCode: 500, message: 'x' } }) }).fetch,
    );
    renderApp('/', { user: 'alice' });
    expect(
      await screen.findByText('Your games in progress cannot be loaded right now.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
