import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameStore, resetGameStore } from '../../../src/app/stores/game';
import { bannerStore } from '../../../src/app/stores/banner';
import { alice, bob, update } from './fake-room';
import { renderApp, roomAcquired } from './render-app';

/* A fake room session: the pages talk to it exactly as to the real one. */
const session = vi.hoisted(() => ({
  joinReply: 'UNSTARTED' as unknown,
  startGame: vi.fn(async () => undefined),
  placeShips: vi.fn(async () => undefined),
  replay: vi.fn(async () => undefined),
}));

vi.mock('../../../src/app/session/game-session', async () =>
  (await import('./fake-room')).fakeGameSessionModule(session),
);
vi.mock('../../../src/app/components/game/LazyStage', async () => (await import('./fake-room')).lazyStageStandIn);

afterEach(() => {
  session.joinReply = 'UNSTARTED';
  resetGameStore(null, null);
});

describe('lobby (docs/game.md, Routes)', () => {
  it("lists the members and enables 'Start the game' only with exactly two", async () => {
    renderApp('/game/lobby/calm-whale-7', { user: 'alice' });
    await screen.findByRole('heading', { name: 'Waiting for players' }, { timeout: 5000 });
    await roomAcquired('calm-whale-7');
    expect(screen.getByText('Game: calm-whale-7')).toBeTruthy();
    await update(() => {
      gameStore.gameStatus = 'UNSTARTED';
      gameStore.members = [alice];
    });
    const start = screen.getByRole('button', { name: 'Start the game' });
    expect(start).toHaveProperty('disabled', true);
    await update(() => {
      gameStore.members = [alice, bob];
    });
    expect(
      within(screen.getByRole('list', { name: 'Players' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['alice', 'bob']);
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    await userEvent.setup().click(start);
    expect(session.startGame).toHaveBeenCalledTimes(1);
  });

  it("offers 'Start the game' to the host only where the server marks one (the original)", async () => {
    renderApp('/game/lobby/calm-whale-7', { user: 'bob' });
    await screen.findByRole('heading', { name: 'Waiting for players' }, { timeout: 5000 });
    await roomAcquired('calm-whale-7');
    await update(() => {
      gameStore.gameStatus = 'UNSTARTED';
      gameStore.members = [
        { ...alice, isHost: true },
        { ...bob, isHost: false },
      ];
    });
    expect(screen.queryByRole('button', { name: 'Start the game' })).toBeNull();
    expect(screen.getByText('alice, the host, starts the game.')).toBeTruthy();
    await update(() => {
      gameStore.members = [
        { ...alice, isHost: false },
        { ...bob, isHost: true },
      ];
    });
    expect(screen.getByRole('button', { name: 'Start the game' })).toHaveProperty('disabled', false);
  });

  it('moves to the game page once the status is no longer UNSTARTED', async () => {
    const app = renderApp('/game/lobby/calm-whale-7', { user: 'alice' });
    await screen.findByRole('heading', { name: 'Waiting for players' }, { timeout: 5000 });
    await roomAcquired('calm-whale-7');
    await update(() => {
      gameStore.gameStatus = 'PLACE_SHIPS';
    });
    await waitFor(() => expect(app.path()).toBe('/game/calm-whale-7'));
  });

  it('a join error goes to the banner and home', async () => {
    session.joinReply = { error: 'ROOM_FULL' };
    const app = renderApp('/game/lobby/calm-whale-7', { user: 'alice' });
    await waitFor(() => expect(app.path()).toBe('/'), { timeout: 5000 });
    expect(bannerStore.messages.map((m) => m.text)).toEqual([{ key: 'errors.codes.ROOM_FULL' }]);
    expect((await screen.findByRole('alert')).textContent).toContain('This game already has two players.');
  });

  it('copies the invitation link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/game/lobby/calm-whale-7', { user: 'alice' });
    await user.click(await screen.findByRole('button', { name: 'Copy the invitation link' }, { timeout: 5000 }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/game/lobby/calm-whale-7`);
    expect(await screen.findByText('Link copied!')).toBeTruthy();
  });
});

describe('game page by status (docs/game.md, Routes)', () => {
  async function openGame() {
    const app = renderApp('/game/calm-whale-7', { user: 'alice' });
    await screen.findByRole('heading', { name: 'Game calm-whale-7' }, { timeout: 5000 });
    await roomAcquired('calm-whale-7');
    return app;
  }

  it('PLACE_SHIPS: shuffle and validate', async () => {
    await openGame();
    await update(() => {
      gameStore.members = [alice, bob];
      gameStore.gameStatus = 'PLACE_SHIPS';
    });
    const before = JSON.stringify(gameStore.draft);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Shuffle' }));
    expect(JSON.stringify(gameStore.draft)).not.toBe(before);
    await user.click(screen.getByRole('button', { name: 'Validate my ships' }));
    expect(session.placeShips).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('stage')).toBeTruthy();
    await update(() => {
      gameStore.fleetSubmitted = true;
    });
    expect(screen.getByText('Your fleet is ready. Waiting for your opponent…')).toBeTruthy();
  });

  it('PLAY: "It\'s your turn !" on my turn, a waiting text otherwise', async () => {
    await openGame();
    await update(() => {
      gameStore.members = [{ ...alice, hasToPlay: true }, bob];
      gameStore.gameStatus = 'PLAY';
    });
    expect(screen.getByText("It's your turn !")).toBeTruthy();
    await update(() => {
      gameStore.members = [alice, { ...bob, hasToPlay: true }];
    });
    expect(screen.getByText('Waiting for bob to shoot…')).toBeTruthy();
    expect(screen.queryByText("It's your turn !")).toBeNull();
  });

  it("ENDED: '{username} won !' and Replay", async () => {
    await openGame();
    await update(() => {
      gameStore.members = [alice, bob];
      gameStore.gameStatus = 'ENDED';
      gameStore.winner = { userId: 'id-bob', username: 'bob' };
    });
    expect(screen.getByText('bob won !')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Replay' }));
    expect(session.replay).toHaveBeenCalledTimes(1);
  });

  it('Back goes home; an unstarted game waits in the lobby', async () => {
    const app = await openGame();
    await update(() => {
      gameStore.gameStatus = 'UNSTARTED';
    });
    await waitFor(() => expect(app.path()).toBe('/game/lobby/calm-whale-7'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.path()).toBe('/'));
  });
});
