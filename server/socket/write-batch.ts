import type { RoomSocket } from './types';

/** The parts of engine.io's connection and its WebSocket transport that batching needs. */
interface Connection {
  readyState: string;
  transport: { name: string; writable: boolean; socket?: { _socket?: TcpSocket } };
  flush(): void;
}
interface TcpSocket {
  cork(): void;
  uncork(): void;
}

interface Held {
  readonly conn: Connection;
  readonly tcp: TcpSocket;
  /** A write of the transport was still in flight when the hold began. */
  readonly inFlight: boolean;
}

const held = new Map<string, Held>();
let scheduled = false;

function tcpOf(conn: Connection): TcpSocket | null {
  const tcp = conn.transport.socket?._socket;
  return tcp && typeof tcp.cork === 'function' && typeof tcp.uncork === 'function' ? tcp : null;
}

/**
 * Sends every write held so far (holdWrites), each socket's in one system call. Called at the end
 * of each published change (publish.ts) and, for whatever else was held, at the end of the tick.
 */
export function releaseWrites(): void {
  if (held.size === 0) return;
  for (const h of held.values()) {
    if (!h.inFlight) h.conn.transport.writable = true;
    // One transport.send for every packet queued during the hold: into a corked socket, so the
    // frames leave in one write (one writev system call) on uncork. A connection closed during the
    // hold ("closing", as a drain closes it) is flushed too: engine.io closes it only once its
    // queued packets are sent, and nothing else would send them.
    if (h.conn.transport.writable && h.conn.readyState !== 'closed') h.conn.flush();
    h.tcp.uncork();
  }
  held.clear();
}

/**
 * Holds `socket`'s writes until the end of the current tick, then sends them all at once. Each
 * event stays its own socket.io packet and WebSocket message, as clients expect; only the system
 * calls are shared. Without this, engine.io writes the first packet of a change at once and the
 * rest one write per frame after that write's callback: about seven system calls per shot (the
 * ack and three events to each player) where two do. The hold marks the transport as busy so that
 * engine.io queues every packet, and corks the TCP socket so the one flush at the end of the tick
 * becomes one write. WebSocket transports only; others are left alone (a socket held by another node is written there).
 * A published change releases its writes as soon as it is sent (publish.ts): the writes of one
 * database commit's many changes (server/db/tick-batch.ts resumes them all in one tick) would
 * otherwise wait for the last of them, and their frames outlive a scavenge or two in the young
 * generation, which then copies and promotes them (docs/benchmarks.md, "Frames held by the tick").
 */
export function holdWrites(socket: RoomSocket): void {
  if (held.has(socket.id)) return;
  // A socket that is not open over WebSocket (polling, closing) is written as engine.io does.
  const conn = (socket as { conn?: unknown }).conn as Connection | undefined;
  if (conn?.readyState !== 'open' || conn.transport.name !== 'websocket') return;
  const tcp = tcpOf(conn);
  if (!tcp) return;
  held.set(socket.id, { conn, tcp, inFlight: !conn.transport.writable });
  conn.transport.writable = false;
  tcp.cork();
  if (!scheduled) {
    scheduled = true;
    // After the current callback and the promise continuations it started: every ack and event
    // of this tick is queued by then.
    process.nextTick(() => {
      scheduled = false;
      releaseWrites();
    });
  }
}
