import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellIndex, SHIP_KEYS } from '../../src/game';
import { isErrorAck } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('a whole game over real sockets', () => {
  it('signs up, creates, joins, starts, places, plays to the end and replays', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    expect(slug).toMatch(/^[a-z]+-[a-z]+-\d{2,}$/);

    const members = await waitForState(a.client, (s) => s.members.length === 2);
    expect(members.members.map((m) => m.username)).toEqual([a.player.username, b.player.username]);
    expect(members.members.every((m) => m.socketId !== null && !m.hasToPlay)).toBe(true);

    const { first, second } = await startAndPlace(slug, a, b);
    expect(first.client.state.shipsIndexes).toEqual(first.fleet);
    expect(second.client.state.opponentBoats.flat().every((c) => c === 'E')).toBe(true);

    const { winner, shots } = await playToTheEnd(first, second);
    const loser = winner === first ? second : first;
    // Every answer agrees with the fleet it was fired at.
    for (const shot of shots) {
      const target = shot.seat === a ? b.fleet : a.fleet;
      const onShip = SHIP_KEYS.some((k) => target[k].some((c) => cellIndex(c) === cellIndex(shot.at)));
      expect(shot.result === 'M').toBe(!onShip);
    }
    expect(shots.filter((s) => s.seat === winner && s.result === 'D')).toHaveLength(5);

    for (const seat of [a, b]) {
      const end = await waitForState(seat.client, (s) => s.gameStatus === 'ENDED' && s.winner !== null);
      expect(end.winner).toEqual({ userId: winner.player.id, username: winner.player.username });
      const opponent = seat === a ? b : a;
      // Both fleets revealed once ENDED.
      expect(end.opponentShipsIndexes).toEqual(opponent.fleet);
      expect(end.members.every((m) => !m.hasToPlay)).toBe(true);
    }
    const after = await loser.client.shoot({ x: 9, y: 9 });
    expect(isErrorAck(after) && after.error).toBe('WRONG_STATUS');

    expect(await loser.client.replay(slug)).toBe('PLACE_SHIPS');
    for (const seat of [a, b]) {
      const fresh = await waitForState(seat.client, (s) => s.gameStatus === 'PLACE_SHIPS' && s.winner === null);
      expect(fresh.shipsIndexes).toBeNull();
      expect(fresh.playerBoats.flat().every((c) => c === 'E')).toBe(true);
      expect(fresh.opponentBoats.flat().every((c) => c === 'E')).toBe(true);
      expect(fresh.opponentShipsIndexes).toEqual({});
    }

    const profile = await winner.player.api.me();
    expect(profile).toMatchObject({ username: winner.player.username, gamesPlayed: 1, gamesWon: 1 });
    expect(await loser.player.api.me()).toMatchObject({ gamesPlayed: 1, gamesWon: 0 });

    // The finished round is stored shot by shot.
    const stored = await server.store.db.selectFrom('games').selectAll().where('room_slug', '=', slug).execute();
    expect(stored).toHaveLength(2);
    const round1 = stored.find((g) => g.round === 1);
    expect(round1?.winner_id).toBe(winner.player.id);
    const replayed = await server.store.rounds.shotsOf(round1?.id ?? -1);
    expect(replayed.map((s) => [s.x, s.y, s.result])).toEqual(shots.map((s) => [s.at.x, s.at.y, s.result]));

    a.client.close();
    b.client.close();
  });

  it('lets the same user come back on a new socket, which replaces the old one', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { connectClient } = await import('../support/players');
    const again = await connectClient(server.url, a.player.token, slug);
    expect(await again.joinRoom(slug)).toBe('UNSTARTED');
    const view = await waitForState(
      b.client,
      (s) => s.members.find((m) => m.userId === a.player.id)?.socketId === again.socket.id,
    );
    expect(view.members).toHaveLength(2);
    // The replaced socket may no longer act for the player.
    const stale = await a.client.startGame(slug);
    expect(isErrorAck(stale) && stale.error).toBe('NOT_JOINED');
    expect(await again.startGame(slug)).toBeNull();
    for (const c of [a.client, b.client, again]) c.close();
  });
});
