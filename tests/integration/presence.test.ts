import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameClient, isErrorAck } from '../../src/protocol';
import { awayDeadline, endOf, eventually, playingRoom, rejoin, storedRound } from '../support/match';
import { waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

const marks = (grid: string[][]): number => grid.flat().filter((c) => c !== 'E' && c !== 'S').length;

describe('a player who drops and comes back within the grace period', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('finds the same turn and the same boards, and the game goes on', async () => {
    const { slug, first, second } = await playingRoom(server.url);
    expect(isErrorAck(await first.client.shoot({ x: 0, y: 0 }))).toBe(false);
    expect(isErrorAck(await second.client.shoot({ x: 5, y: 5 }))).toBe(false);
    const before = await waitForState(first.client, (s) => marks(s.playerBoats) === 1 && marks(s.opponentBoats) === 1);
    expect(before.members.every((m) => m.connected && m.awayUntil === null)).toBe(true);

    first.client.close();
    const leftAt = Date.now();
    const deadline = await awayDeadline(second.client, first.player.id);
    // The default grace period: 60 s from the drop.
    expect(deadline).toBeGreaterThanOrEqual(leftAt + 55_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 60_000);

    const back = await rejoin(server.url, first, slug);
    const state = await waitForState(back.client, (s) => s.gameStatus === 'PLAY' && marks(s.opponentBoats) === 1);
    expect(state.playerBoats).toEqual(before.playerBoats);
    expect(state.opponentBoats).toEqual(before.opponentBoats);
    expect(state.shipsIndexes).toEqual(first.fleet);
    expect(state.members.find((m) => m.hasToPlay)?.userId).toBe(first.player.id);
    await waitForState(second.client, (s) =>
      s.members.some((m) => m.userId === first.player.id && m.connected && m.awayUntil === null),
    );
    expect(await back.client.shoot({ x: 1, y: 0 })).not.toHaveProperty('error');
    expect(isErrorAck(await second.client.shoot({ x: 6, y: 5 }))).toBe(false);
    back.client.close();
    second.client.close();
  });

  it("with the browser's client settings, reaches the server over a WebSocket from the first packet, and a drop shows the player away", async () => {
    // socket.io's default (polling first, upgrade after) left a window in which a closed page went
    // unnoticed until the heartbeat timed out: the opponent's "left" notice came up to 45 s late.
    const { slug, first, second } = await playingRoom(server.url);
    first.client.close();
    await awayDeadline(second.client, first.player.id);
    const browser = new GameClient({ url: server.url, token: first.player.token, slug });
    // The transport the connection opened on (an upgrade would change it later).
    let opened = '';
    browser.socket.io.on('open', () => {
      opened = browser.socket.io.engine.transport.name;
    });
    await browser.connect();
    expect(opened).toBe('websocket');
    expect(isErrorAck(await browser.joinRoom(slug))).toBe(false);
    await waitForState(second.client, (s) => s.members.some((m) => m.userId === first.player.id && m.connected));
    browser.close();
    await awayDeadline(second.client, first.player.id);
    second.client.close();
  });
});

describe('a player who stays away', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { reconnectGraceSeconds: 1.5 } });
  });
  afterAll(() => server.dispose());

  it('loses by forfeit at the deadline; the forfeit is recorded and shown to both', async () => {
    const { slug, first, second } = await playingRoom(server.url);
    second.client.close();
    const deadline = await awayDeadline(first.client, second.player.id);
    const end = await endOf(first.client);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    expect(end.winner).toEqual({ userId: first.player.id, username: first.player.username });
    expect(end.match.endReason).toBe('FORFEIT');
    // ENDED reveals the opponent's whole fleet, as after any end.
    expect(end.opponentShipsIndexes).toEqual(second.fleet);
    expect(end.members.every((m) => m.awayUntil === null && !m.hasToPlay)).toBe(true);

    const { game } = await storedRound(server, slug);
    expect(game).toMatchObject({ winner_id: first.player.id, end_reason: 'FORFEIT' });
    expect(game.ended_at).not.toBeNull();
    await expect(first.player.api.me()).resolves.toMatchObject({ gamesPlayed: 1, gamesWon: 1 });
    await expect(second.player.api.me()).resolves.toMatchObject({ gamesPlayed: 1, gamesWon: 0 });

    const late = await rejoin(server.url, second, slug);
    const seen = await waitForState(late.client, (s) => s.match.endReason === 'FORFEIT');
    expect(seen.gameStatus).toBe('ENDED');
    expect(seen.winner?.userId).toBe(first.player.id);
    expect(await late.client.shoot({ x: 0, y: 0 })).toEqual({ error: 'WRONG_STATUS' });
    late.client.close();
    first.client.close();
  });

  it('with both away nobody wins by forfeit; the first back gives the other a fresh grace period', async () => {
    const { slug, first, second } = await playingRoom(server.url);
    second.client.close();
    const secondDeadline = await awayDeadline(first.client, second.player.id);
    first.client.close();
    // Both away past the absent player's deadline: no forfeit can be awarded to nobody.
    await eventually(
      async () => Date.now(),
      (now) => now > secondDeadline + 500,
    );
    expect((await storedRound(server, slug)).game.end_reason).toBeNull();

    const back = await rejoin(server.url, first, slug);
    const returnedAt = Date.now();
    const state = await waitForState(back.client, (s) => s.gameStatus === 'PLAY' && s.members.length === 2);
    const away = state.members.find((m) => m.userId === second.player.id);
    expect(away?.connected).toBe(false);
    expect(away?.awayUntil).toBeGreaterThanOrEqual(returnedAt + 1000);
    const end = await endOf(back.client);
    expect(end.match.endReason).toBe('FORFEIT');
    expect(end.winner?.userId).toBe(first.player.id);
    back.client.close();
  });

  it('coming back within a short grace period clears the deadline; the game goes on', async () => {
    const { slug, first, second } = await playingRoom(server.url);
    expect(first.client.state.members.every((m) => m.awayUntil === null)).toBe(true);
    // Coming back in time keeps the game.
    second.client.close();
    await awayDeadline(first.client, second.player.id);
    const back = await rejoin(server.url, second, slug);
    await waitForState(first.client, (s) => s.members.every((m) => m.connected && m.awayUntil === null));
    expect(back.client.state.gameStatus).toBe('PLAY');
    expect(isErrorAck(await first.client.resign(slug))).toBe(false);
    back.client.close();
    first.client.close();
  });
});
