import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIC_RULES, makeRules } from '../../src/game';
import { isErrorAck, type LobbyClient, type MatchFound } from '../../src/protocol';
import { lobbyOf } from '../support/lobby';
import { connectClient, newPlayer, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/** Rules in the lobby (docs/protocol.md, "Quick match", "Open games"): shown on open games, kept apart by quick match. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** Resolves with the first matchFound of `lobby`, or null after `ms`. */
function matchWithin(lobby: LobbyClient, ms: number): Promise<MatchFound | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, ms);
    const stop = lobby.onMatch((found) => {
      clearTimeout(timer);
      stop();
      resolve(found);
    });
  });
}

describe('rules in the lobby', () => {
  it('quick match pairs only players who asked for the same rules, and the room plays them', async () => {
    const players: TestPlayer[] = await Promise.all(
      ['salvo1', 'classic1', 'salvo2'].map((p) => newPlayer(server.url, p)),
    );
    const lobbies = await Promise.all(players.map((p) => lobbyOf(server.url, p)));
    const [salvoA, classic, salvoB] = lobbies as [LobbyClient, LobbyClient, LobbyClient];
    try {
      const salvo = makeRules({ shots: 'salvo' });
      const foundA = matchWithin(salvoA, 5000);
      const foundClassic = matchWithin(classic, 1500);
      expect(isErrorAck(await salvoA.findOpponent({ shots: 'salvo' }))).toBe(false);
      // Two different rule requests do not pair.
      expect(isErrorAck(await classic.findOpponent())).toBe(false);
      expect(await foundClassic).toBeNull();
      const foundB = matchWithin(salvoB, 5000);
      expect(isErrorAck(await salvoB.findOpponent({ shots: 'salvo', fleet: 'classic' }))).toBe(false);
      const [a, b] = await Promise.all([foundA, foundB]);
      expect(a?.slug).toBeDefined();
      expect(a?.slug).toBe(b?.slug);
      expect(a?.opponent.userId).toBe(players[2]?.id);
      // The room they land in plays the rules they asked for.
      const seat = await connectClient(server.url, (players[0] as TestPlayer).token, a?.slug ?? '');
      try {
        expect(await seat.joinRoom()).toBe('PLACE_SHIPS');
        expect((await waitForState(seat, (s) => s.match.serverNow > 0)).match.rules).toEqual(salvo);
      } finally {
        seat.close();
      }
      // A bad rules payload is refused with a reason, and the player is not queued.
      const bad = await classic.socket
        .timeout(5000)
        .emitWithAck('findOpponent', { rules: { shots: 'three' } } as never);
      expect(bad).toMatchObject({ error: 'BAD_PAYLOAD' });
      await classic.cancelSearch();
    } finally {
      for (const lobby of lobbies) lobby.close();
    }
  });

  it('lists each open game with its rules', async () => {
    const host = await newPlayer(server.url, 'host');
    const watcher = await newPlayer(server.url, 'watcher');
    const lobby = await lobbyOf(server.url, watcher);
    try {
      const russian = await host.api.createRoom({
        userId: host.id,
        username: host.username,
        socketId: null,
        public: true,
        rules: { fleet: 'russian', again: 'hit' },
      });
      const classic = await host.api.createRoom({
        userId: host.id,
        username: host.username,
        socketId: null,
        public: true,
      });
      const seats = await Promise.all(
        [russian.slug, classic.slug].map((slug) => connectClient(server.url, host.token, slug)),
      );
      try {
        await Promise.all(seats.map((seat) => seat.joinRoom()));
        const listed = await new Promise<readonly { slug: string; rules?: unknown }[]>((resolve) => {
          const check = (games: readonly { slug: string; rules?: unknown }[]) => {
            if (games.some((g) => g.slug === russian.slug) && games.some((g) => g.slug === classic.slug)) {
              stop();
              resolve(games);
            }
          };
          const stop = lobby.onOpenGames(check);
          check(lobby.openGames);
        });
        expect(listed.find((g) => g.slug === russian.slug)?.rules).toEqual(
          makeRules({ fleet: 'russian', again: 'hit' }),
        );
        expect(listed.find((g) => g.slug === classic.slug)?.rules).toEqual(CLASSIC_RULES);
      } finally {
        for (const seat of seats) seat.close();
      }
    } finally {
      lobby.close();
    }
  });
});
