import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '../../src/protocol';
import { connectClient, newPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Every live object is visited by each old-generation marking, so a connection should add no
 * closures of its own: the /room namespace serves every socket from one handler table
 * (server/socket/room-namespace.ts). Two sockets must share the very same listener functions.
 */
describe('/room sockets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('share one event handler and one disconnect handler, and still play', async () => {
    const [a, b] = await Promise.all([newPlayer(server.url), newPlayer(server.url)]);
    const { slug } = await a.api.createRoom({ userId: a.id, username: a.username, socketId: null });
    const clients = await Promise.all([a, b].map((p) => connectClient(server.url, p.token, slug)));
    try {
      for (const client of clients) expect(await client.joinRoom(slug)).toBe('UNSTARTED');
      const sockets = [...server.io.of(SOCKET_NAMESPACE).sockets.values()];
      expect(sockets).toHaveLength(2);
      const [first, second] = sockets;
      // 'error' is socket.io's own no-op listener, there against a client that emits "error".
      expect(first?.eventNames().sort()).toEqual(['disconnect', 'error']);
      expect(first?.listenersAny()).toHaveLength(1);
      expect(first?.listenersAny()[0]).toBe(second?.listenersAny()[0]);
      expect(first?.listeners('disconnect')).toEqual(second?.listeners('disconnect'));
      expect(await clients[0]?.startGame()).toBeNull();
      if (clients[1]) await waitForState(clients[1], (state) => state.gameStatus === 'PLACE_SHIPS');
    } finally {
      for (const client of clients) client.close();
    }
  });
});
