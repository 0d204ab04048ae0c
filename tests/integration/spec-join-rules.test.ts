import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import english from '../../locales/en/translation.json';
import { makeRules, type Rules } from '../../src/game';
import { connectClient, newPlayer, rawSpecSocket, type TestPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * A SPEC-dialect client shows only a classic fleet shot once a turn (docs/protocol.md): it takes no
 * seat in a room of other rules, and is told why; broadside/2 clients join such rooms as before.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

async function roomWith(host: TestPlayer, rules: Partial<Rules>): Promise<string> {
  const created = await host.api.createRoom({
    userId: host.id,
    username: host.username,
    socketId: null,
    rules: makeRules(rules),
  });
  return created.slug;
}

describe('a SPEC-dialect joinRoom and the room rules', () => {
  for (const rules of [{ fleet: 'russian', shots: 'salvo' }, { fleet: 'russian' }, { shots: 'salvo' }] as const) {
    it(`refuses a seat in a ${JSON.stringify(rules)} room, changing nothing; broadside/2 joins it`, async () => {
      const [hostPlayer, specPlayer, otherPlayer] = await Promise.all([
        newPlayer(server.url, 'sj_host'),
        newPlayer(server.url, 'sj_spec'),
        newPlayer(server.url, 'sj_b2'),
      ]);
      const slug = await roomWith(hostPlayer, rules);
      const host = await connectClient(server.url, hostPlayer.token, slug);
      const spec = await rawSpecSocket(server.url, specPlayer.token, slug);
      const other = await connectClient(server.url, otherPlayer.token, slug);
      try {
        expect(await host.joinRoom(slug)).toBe('UNSTARTED');
        await waitForState(host, (s) => s.members.length === 1);
        // What the host receives from now on, in the order the server sent it.
        const hostFrames: string[] = [];
        host.socket.onAny((event: string, payload: unknown) => hostFrames.push(`${event} ${JSON.stringify(payload)}`));

        const refusal = (await spec.socket.emitWithAck('joinRoom', slug)) as { error: string; code: string };
        expect(refusal.code).toBe('RULES_NOT_SUPPORTED');
        // A sentence a person can read (the one our own client shows for the code), saying what the room plays.
        expect(refusal.error).toContain(english.errors.codes.RULES_NOT_SUPPORTED);
        expect(refusal.error).toContain(rules.shots === 'salvo' ? 'salvos' : 'a russian fleet');
        // Not seated: the second seat is still free for a broadside/2 player, and the members are host and it.
        expect(await other.joinRoom(slug)).toBe('UNSTARTED');
        const after = await waitForState(host, (s) => s.members.length === 2);
        expect(after.members.map((m) => m.userId).sort()).toEqual([hostPlayer.id, otherPlayer.id].sort());
        // No event for the refusal: the host's first frame since is already the broadside/2 join's.
        expect(hostFrames[0]).toContain(otherPlayer.id);
        expect(spec.events).toEqual([]);
      } finally {
        spec.socket.disconnect();
        host.close();
        other.close();
      }
    });
  }

  it('seats a SPEC-dialect socket in a classic room where a hit keeps the turn (classic fleet, one shot)', async () => {
    const [hostPlayer, specPlayer] = await Promise.all([
      newPlayer(server.url, 'sj_host'),
      newPlayer(server.url, 'sj_spec'),
    ]);
    const slug = await roomWith(hostPlayer, { again: 'hit' });
    const spec = await rawSpecSocket(server.url, specPlayer.token, slug);
    try {
      expect(await spec.socket.emitWithAck('joinRoom', slug)).toEqual({ gameStatus: 'UNSTARTED' });
    } finally {
      spec.socket.disconnect();
    }
  });
});
