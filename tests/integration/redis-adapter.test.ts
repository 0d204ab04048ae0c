import { describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '../../src/protocol';
import { connectClient, newPlayer } from '../support/players';
import { redisServerPath } from '../support/redis';
import { twoNodesForSuite } from '../support/two-nodes';

/**
 * With REDIS_URL, Socket.IO's Redis Streams adapter joins the nodes: what one node sends to a
 * socket (publish() addresses a member's socket by id) reaches it on whichever node holds it.
 */
describe.skipIf(!redisServerPath())('the Redis Streams adapter between two nodes', () => {
  const nodes = twoNodesForSuite();

  it('delivers an event from one node to a socket held by the other, and each node sees the other’s sockets', async () => {
    const { a, b } = nodes;
    const player = await newPlayer(a.url, 'redis');
    const { slug } = await player.api.createRoom({ userId: player.id, username: player.username, socketId: null });
    const client = await connectClient(b.url, player.token, slug);
    try {
      expect(await client.joinRoom(slug)).toBe('UNSTARTED');
      const socketId = client.socket.id;
      if (!socketId) throw new Error('the client has no socket id');
      // A node learns the other nodes through the adapter's heartbeat: poll instead of sleeping.
      const deadline = Date.now() + 15_000;
      let seen: string[] = [];
      while (Date.now() < deadline) {
        seen = (await a.io.of(SOCKET_NAMESPACE).fetchSockets()).map((s) => s.id);
        if (seen.includes(socketId)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen).toContain(socketId);

      const received = new Promise<unknown>((resolve) => {
        (client.socket as unknown as { once(event: string, listener: (payload: unknown) => void): void }).once(
          'probe',
          resolve,
        );
      });
      (a.io.of(SOCKET_NAMESPACE).to(socketId) as unknown as { emit(event: string, payload: unknown): void }).emit(
        'probe',
        { from: 'node a' },
      );
      await expect(received).resolves.toEqual({ from: 'node a' });
    } finally {
      client.close();
    }
  });
});
