import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coordOf, createRng, randomFleet } from '../../../src/game';
import { type GameClient, isErrorAck } from '../../../src/protocol';
import { connectClient, newPlayer, type TestPlayer, waitForState } from '../../support/players';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, startCli } from './cli';

/*
 * Issue 11: `broadside play` survives a server restart mid-game. The bot plays against a client
 * this test drives, so the restart falls mid-game for sure: the server stops after a few shots and
 * starts again on the same port and data directory; the bot must reconnect, join again and finish.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'broadside-play-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Whether it is this player's turn in its own view. */
function myTurn(client: GameClient, player: TestPlayer): boolean {
  return client.state.gameStatus === 'PLAY' && client.state.members.some((m) => m.userId === player.id && m.hasToPlay);
}

/** Fires cells in reading order whenever it is this player's turn, until the game ends or `stop` says so. */
async function sweep(client: GameClient, player: TestPlayer, from: number, stop: (fired: number) => boolean) {
  let next = from;
  for (;;) {
    const state = await waitForState(client, (s) => s.gameStatus === 'ENDED' || myTurn(client, player), 30_000);
    if (state.gameStatus === 'ENDED' || stop(next - from)) return next;
    const reply = await client.shoot(coordOf(next));
    if (isErrorAck(reply)) throw new Error(`shot ${next} refused: ${reply.error}`);
    next++;
  }
}

describe('broadside play and a server restart', () => {
  it('reconnects, joins again and finishes the game with a winner and exit code 0', async () => {
    let server: TestServer = await startTestServer({ dataDir });
    const port = Number(new URL(server.url).port);
    const bot = startCli(argv`play --server ${server.url} --register --create --json`, /room (\S+) created/);
    try {
      const [, slug = ''] = await bot.matched;
      const me = await newPlayer(server.url, 'restart');
      const client = await connectClient(server.url, me.token, slug);
      expect(await client.joinRoom(slug)).toBe('UNSTARTED');
      await waitForState(client, (s) => s.gameStatus === 'PLACE_SHIPS', 15_000);
      expect(await client.placeShips(randomFleet(createRng(7)))).toBeNull();
      await waitForState(client, (s) => s.gameStatus === 'PLAY' && s.members.some((m) => m.hasToPlay), 15_000);

      // A few shots each, then the server goes away while the bot waits for its turn or fires.
      const fired = await sweep(client, me, 0, (n) => n >= 4);
      await waitForState(client, (s) => s.gameStatus === 'PLAY' && !myTurn(client, me), 15_000).catch(() => null);
      const before = client.state;
      expect(before.gameStatus).toBe('PLAY');
      client.close();
      await server.close();
      // Down for a moment: the bot's reconnection attempts fail meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      server = await startTestServer({ dataDir, port });
      expect(new URL(server.url).port).toBe(String(port));

      const back = await connectClient(server.url, me.token, slug);
      expect(await back.joinRoom(slug)).toBe('PLAY');
      await sweep(back, me, fired, () => false);
      const end = await waitForState(back, (s) => s.gameStatus === 'ENDED' && s.winner !== null, 30_000);
      back.close();

      const played = await bot.done;
      expect(played.stderr).not.toMatch(/broadside:/);
      expect(played.code, played.stderr).toBe(0);
      expect(played.stderr).toMatch(/game 1: (won|lost to \S+) \(/);
      const report = JSON.parse(played.stdout.trim().split('\n').pop() ?? '') as {
        slug: string;
        games: number;
        results: { won: boolean; winner: string; shots: number; endReason: string | null }[];
      };
      expect(report.slug).toBe(slug);
      expect(report.games).toBe(1);
      expect(report.results[0]?.winner).toBe(end.winner?.username);
      expect(report.results[0]?.endReason).toBe('SUNK');
      // The bot's shots span the restart: more than it had fired before it.
      const shotsBefore = before.playerBoats.flat().filter((c) => c !== 'E' && c !== 'S').length;
      expect(report.results[0]?.shots).toBeGreaterThan(shotsBefore);
    } finally {
      if (bot.child.exitCode === null) bot.child.kill();
      // Closed already if the test failed between the stop and the restart.
      await server.close().catch(() => undefined);
    }
  }, 120_000);
});
