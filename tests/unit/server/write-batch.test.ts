import { describe, expect, it } from 'vitest';
import type { RoomSocket } from '../../../server/socket/types';
import { holdWrites, releaseWrites } from '../../../server/socket/write-batch';

function fakeTcp() {
  const calls: string[] = [];
  return { calls, cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
}

/** A socket open over WebSocket: its TCP socket's cork calls, its transport and how often it was flushed. */
function webSocketSocket(id: string) {
  const tcp = fakeTcp();
  const flushed = { count: 0 };
  const transport = { name: 'websocket', writable: true, socket: { _socket: tcp } };
  const conn = { readyState: 'open', transport, flush: () => flushed.count++ };
  return { tcp, transport, flushed, socket: { id, conn } as unknown as RoomSocket };
}

describe('holdWrites', () => {
  it('leaves alone a socket without a connection (a stand-in for a socket held by another node)', () => {
    expect(() => holdWrites({ id: 'proxy' } as unknown as RoomSocket)).not.toThrow();
  });

  it('corks a WebSocket connection and flushes it once at the end of the tick', async () => {
    const { tcp, transport, flushed, socket } = webSocketSocket('a');
    holdWrites(socket);
    holdWrites(socket);
    expect(transport.writable).toBe(false);
    expect(tcp.calls).toEqual(['cork']);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(transport.writable).toBe(true);
    expect(flushed.count).toBe(1);
    expect(tcp.calls).toEqual(['cork', 'uncork']);
  });

  it('releaseWrites sends what is held at once (a published change), and the end of the tick finds nothing left', async () => {
    const { tcp, transport, flushed, socket } = webSocketSocket('c');
    holdWrites(socket);
    releaseWrites();
    expect(transport.writable).toBe(true);
    expect(flushed.count).toBe(1);
    expect(tcp.calls).toEqual(['cork', 'uncork']);
    // Held again in the same tick (the next change of the same commit): its own write.
    holdWrites(socket);
    expect(transport.writable).toBe(false);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(flushed.count).toBe(2);
    expect(tcp.calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
    releaseWrites();
    expect(flushed.count).toBe(2);
  });

  it('leaves polling transports alone', () => {
    const tcp = fakeTcp();
    const socket = {
      id: 'b',
      conn: { readyState: 'open', transport: { name: 'polling', writable: true }, flush() {} },
    };
    holdWrites(socket as unknown as RoomSocket);
    expect(tcp.calls).toEqual([]);
  });
});
