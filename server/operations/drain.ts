import { RESTARTING_EVENT, type Restarting } from '../../src/protocol';
import type { ServerContext } from '../context';

/** What a drain did (logged as `node.drained`). */
export interface DrainReport {
  /** Rooms handed to other nodes. */
  readonly handedOver: number;
  /** Rooms this node played to the end itself (no other node took rooms). */
  readonly keptHere: number;
  /** Sockets told to reconnect and closed (/room and /lobby). */
  readonly socketsClosed: number;
  /**
   * Game sockets still open when the drain's time ran out (an answer never came, or a connection
   * never finished closing): cut when the process exits. 0 in a drain that went as it should.
   */
  readonly socketsLeft: number;
  readonly seconds: number;
}

/** Part of DRAIN_SECONDS kept for closing the server once the drain is done. */
const CLOSE_RESERVE_MS = 2000;
const POLL_MS = 20;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`'s value, or `fallback` once `deadline` (performance.now()) has passed. */
async function before<T>(promise: Promise<T>, deadline: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tells a socket of ours to connect again (our clients then do at once, without the offline notice)
 * and closes its connection: every Socket.IO client takes a closed connection for a network cut and
 * reconnects by itself, through nginx to a node that is not draining. The event leaves before the
 * connection closes (engine.io sends what is queued first). A SPEC-dialect socket gets no event the
 * original server would not send: only the close.
 */
function sendAway(
  socket: { emit(event: typeof RESTARTING_EVENT, payload: Restarting): unknown; conn: { close(): void } },
  tell: boolean,
): void {
  if (tell) socket.emit(RESTARTING_EVENT, { retryMs: 0 });
  socket.conn.close();
}

/**
 * SIGTERM (docs/deploy.md, "Readiness and draining"). From the first moment: readiness answers 503
 * and new sockets are refused (nginx passes them to another node). With other nodes, every room is
 * handed to one of them through the path of a node's death, without waiting for the lease to lapse
 * (server/cluster/router.ts): commands queued on a room finish here and are acknowledged, the newer
 * ones go to the room's new node. Alone, the node plays its rooms on: each socket's commands in
 * flight finish, and no new one runs. Then each socket is told to reconnect and closed once none of
 * its commands is in flight; the node is done within DRAIN_SECONDS less a moment to close.
 */
export async function drainNode(ctx: ServerContext): Promise<DrainReport | null> {
  const { lifecycle, registry, cluster, nsp, lobby, config } = ctx;
  const log = ctx.app.log;
  if (!lifecycle.drain()) return null;
  const started = performance.now();
  const deadline = started + Math.max(500, config.drainSeconds * 1000 - CLOSE_RESERVE_MS);
  log.info(
    { event: 'node.draining', rooms: registry.size, sockets: nsp.sockets.size + lobby.sockets.size },
    'draining: new rooms and sockets go to other nodes',
  );

  const rooms = [...registry.values()].map((room) => room.slug);
  const handed = cluster ? await before(cluster.handOver(rooms), deadline, 0) : null;
  if (handed === null) lifecycle.pause();

  let closed = 0;
  for (const socket of lobby.sockets.values()) {
    sendAway(socket, true);
    closed++;
  }
  // A game socket goes once no event of it is waiting for its answer: nothing acknowledged is lost,
  // and nothing half done is left for its client to guess about.
  while (nsp.sockets.size > 0 && performance.now() < deadline) {
    for (const socket of nsp.sockets.values()) {
      if (socket.data.pending > 0 || socket.conn.readyState !== 'open') continue;
      sendAway(socket, socket.data.dialect === 'broadside/2');
      closed++;
    }
    if (nsp.sockets.size > 0) await sleep(POLL_MS);
  }
  const left = nsp.sockets.size;
  // What is still queued on a room played here (a deadline, a computer's move) finishes before the node stops.
  const kept = registry.size;
  await before(Promise.all([...registry.values()].map((room) => room.exclusive(() => undefined))), deadline, []);
  lifecycle.stopped();
  const report: DrainReport = {
    handedOver: handed ?? 0,
    keptHere: handed === null ? kept : 0,
    socketsClosed: closed,
    socketsLeft: left,
    seconds: Math.round(performance.now() - started) / 1000,
  };
  if (left > 0) log.warn({ event: 'node.drained', ...report }, 'drained, but sockets were still open at the deadline');
  else log.info({ event: 'node.drained', ...report }, 'drained');
  return report;
}
