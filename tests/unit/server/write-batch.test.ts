import { describe, expect, it } from 'vitest';
import type { RoomSocket } from '../../../server/socket/types';
import { holdWrites, releaseWrites } from '../../../server/socket/write-batch';

function fakeTcp() {
  const calls: string[] = [];
  return { calls, cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
}

describe('holdWrites', () => {
  it('leaves alone a socket without a connection (a stand-in for a socket held by another node)', () => {
    expect(() => holdWrites({ id: 'proxy' } as unknown as RoomSocket)).not.toThrow();
  });

  it('corks a WebSocket connection and flushes it once at the end of the tick', async () => {
    const tcp = fakeTcp();
    let flushes = 0;
    const transport = { name: 'websocket', writable: true, socket: { _socket: tcp } };
    const socket = { id: 'a', conn: { readyState: 'open', transport, flush: () => flushes++ } };
    holdWrites(socket as unknown as RoomSocket);
    holdWrites(socket as unknown as RoomSocket);
    expect(transport.writable).toBe(false);
    expect(tcp.calls).toEqual(['cork']);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(transport.writable).toBe(true);
    expect(flushes).toBe(1);
    expect(tcp.calls).toEqual(['cork', 'uncork']);
  });

  it('releaseWrites sends what is held at once (a published change), and the end of the tick finds nothing left', async () => {
    const tcp = fakeTcp();
    let flushes = 0;
    const transport = { name: 'websocket', writable: true, socket: { _socket: tcp } };
    const socket = { id: 'c', conn: { readyState: 'open', transport, flush: () => flushes++ } };
    holdWrites(socket as unknown as RoomSocket);
    releaseWrites();
    expect(transport.writable).toBe(true);
    expect(flushes).toBe(1);
    expect(tcp.calls).toEqual(['cork', 'uncork']);
    // Held again in the same tick (the next change of the same commit): its own write.
    holdWrites(socket as unknown as RoomSocket);
    expect(transport.writable).toBe(false);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(flushes).toBe(2);
    expect(tcp.calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
    releaseWrites();
    expect(flushes).toBe(2);
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
