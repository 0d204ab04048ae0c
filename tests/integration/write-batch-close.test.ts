import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoomSocket } from '../../server/socket/types';
import { holdWrites } from '../../server/socket/write-batch';

/*
 * The write hold (server/socket/write-batch.ts) against a real Socket.IO server and client over
 * WebSocket: a connection closed while its writes are held still sends them, then closes. A drain
 * (server/operations/drain.ts) closes sockets whose last answer may still be held; before this, such
 * a socket stayed "closing" with its frames unsent until the process exited, and its player lost
 * the answer to a shot that was stored.
 */

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function serverAndClient(): Promise<{ server: Server; client: ClientSocket }> {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
  stops.push(async () => {
    client.close();
    await server.close();
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return { server, client };
}

describe('a connection closed while its writes are held', () => {
  it('sends the held frames first, then closes: the client reads them, and the server forgets the socket', async () => {
    const { server, client } = await serverAndClient();
    const [socket] = [...server.sockets.sockets.values()];
    if (!socket) throw new Error('no server socket');
    const received: unknown[] = [];
    client.on('answer', (value: unknown) => received.push(value));
    const clientGone = new Promise<string>((resolve) => client.once('disconnect', resolve));
    const serverGone = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // In one tick: an answer written under the hold, a last event, then the close (as a drain does).
    holdWrites(socket as unknown as RoomSocket);
    socket.emit('answer', 'M');
    socket.emit('answer', 'restarting');
    socket.conn.close();

    const within = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms));
    expect(await Promise.race([serverGone, within(5000)])).not.toBe('still open');
    expect(await Promise.race([clientGone, within(5000)])).not.toBe('still open');
    expect(received).toEqual(['M', 'restarting']);
    expect(server.sockets.sockets.size).toBe(0);
  });
});
