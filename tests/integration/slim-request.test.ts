import { Manager } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_NAMESPACE, SOCKET_NAMESPACE } from '../../src/protocol';
import { newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * Each connection's opening HTTP request is swapped for the fields socket.io reads
 * (server/socket/slim-request.ts): the token in the query must still reach every namespace the
 * connection opens, including one opened after the swap on the same connection.
 */

describe('sockets without their opening HTTP request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('keeps only headers, URL and query, and a second namespace on the same connection still authenticates', async () => {
    const player = await newPlayer(server.url);
    const { slug } = await player.api.createRoom({ userId: player.id, username: player.username, socketId: null });
    const manager = new Manager(server.url, {
      query: { token: player.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const room = manager.socket(SOCKET_NAMESPACE);
    await new Promise<void>((resolve, reject) => {
      room.once('connect', resolve);
      room.once('connect_error', reject);
    });
    const joined = await room.timeout(5000).emitWithAck('joinRoom', slug);
    expect(joined).toEqual({ gameStatus: 'UNSTARTED' });

    // The engine connection behind it holds the slim request, not an IncomingMessage.
    const [socket] = await server.io.of(SOCKET_NAMESPACE).fetchSockets();
    const request = (socket as unknown as { request: object }).request;
    expect(Object.keys(request).sort()).toEqual(['_query', 'connection', 'headers', 'url']);
    expect(socket?.handshake.query.token).toBe(player.token);

    const lobby = manager.socket(LOBBY_NAMESPACE);
    await new Promise<void>((resolve, reject) => {
      lobby.once('connect', resolve);
      lobby.once('connect_error', reject);
    });
    expect(lobby.connected).toBe(true);
    room.close();
    lobby.close();
  });

  it('SOCKET_SLIM_REQUESTS=0 keeps the whole request (socket.io default)', async () => {
    const whole = await startTestServer({ config: { slimRequests: false } });
    try {
      const player = await newPlayer(whole.url);
      const manager = new Manager(whole.url, {
        query: { token: player.token },
        transports: ['websocket'],
        reconnection: false,
      });
      const room = manager.socket(SOCKET_NAMESPACE);
      await new Promise<void>((resolve, reject) => {
        room.once('connect', resolve);
        room.once('connect_error', reject);
      });
      const [socket] = await whole.io.of(SOCKET_NAMESPACE).fetchSockets();
      expect((socket as unknown as { request: object }).request.constructor.name).toBe('IncomingMessage');
      room.close();
    } finally {
      await whole.dispose();
    }
  });
});
