import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { Coord, GameStatus, ShipMap, ShotResult } from '../game';
import { type ClientGameState, initialGameState, type StateChange } from './client-state';
import type { ErrorCode } from './errors';
import {
  type Ack,
  type ClientToServerEvents,
  type ErrorAck,
  errorAck,
  isErrorAck,
  SERVER_EVENTS,
  type ServerEventName,
  type ServerEventPayloads,
  type ServerToClientEvents,
  SOCKET_NAMESPACE,
} from './types';
import { connectSocket } from './connect-socket';
import { readDoneReply, readSalvoReply, readShotReply, readStatusReply, toWireShips } from './spec-dialect';
import { SeqGuard } from './seq-guard';
import type { SpectatorFrame } from './spectators';
import { STATE_EVENT, type StateFrame, StateFrameSchema } from './state-frame';
import { absorb, absorbView } from './state-intake';

import { BROADSIDE_PROTOCOL, type Dialect } from './dialect';

export { BROADSIDE_PROTOCOL, type Dialect };

/** The user id in a JWT's payload, read without checking it (the server does). */
function tokenUserId(token: string): string | null {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    const id = typeof claims === 'object' && claims !== null ? (claims as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export type FrameListener = (frame: SpectatorFrame) => void;

function isCoordList(target: Coord | readonly Coord[]): target is readonly Coord[] {
  return Array.isArray(target);
}

/** The socket settings of docs/protocol.md, Client settings. */
export const SOCKET_SETTINGS = {
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
} as const;

/**
 * Each client gets its own connection. socket.io-client otherwise shares one per server between
 * namespaces, and the token travels in that connection's handshake query: a /room client opened
 * after another user's /lobby client in the same process (a test, a load generator, a page after a
 * logout and a login) would be taken for that other user.
 */
export const OWN_CONNECTION = { multiplex: false } as const;

/**
 * WebSocket from the first packet, HTTP long-polling only where a WebSocket cannot be opened.
 * socket.io's default starts on polling and upgrades a moment later: a page closed during that
 * upgrade leaves the server holding a polling transport with no request in flight, so it notices the
 * player gone only at the heartbeat timeout (up to 45 s) instead of at once — the opponent's
 * "left — they have 60 s" notice came that much late. It also saves the polling handshake's requests.
 */
export const WEBSOCKET_FIRST: Partial<ManagerOptions> = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
};

/** The options of every Broadside client socket: the settings of docs/protocol.md, its own connection, WebSocket first, then the caller's. */
export function clientSocketOptions(
  query: Record<string, string>,
  overrides: Partial<ManagerOptions & SocketOptions> = {},
): Partial<ManagerOptions & SocketOptions> {
  return { ...SOCKET_SETTINGS, ...OWN_CONNECTION, ...WEBSOCKET_FIRST, autoConnect: false, query, ...overrides };
}

export type StateListener = (state: ClientGameState, change: StateChange) => void;

export interface GameClientOptions {
  /** Server origin, e.g. http://localhost:3000; empty string for the page's own origin. */
  readonly url: string;
  readonly token: string;
  readonly slug: string;
  /** How long to wait for an acknowledgement before answering `{error: 'TIMEOUT'}`. */
  readonly ackTimeoutMs?: number;
  /** socket.io-client overrides (transports, reconnection…), applied over the docs/protocol.md settings. */
  readonly socket?: Partial<ManagerOptions & SocketOptions>;
  /**
   * How long startGame and placeShips wait for an answer from a server that acknowledges only
   * refusals (the original) before they count as accepted; progress in the events settles them sooner.
   */
  readonly quietMs?: number;
  /** Asks for broadside/2 (the default), or speaks the SPEC dialect as the original client does (tests). */
  readonly speak?: 'broadside/2' | 'spec';
}

/**
 * The realtime half of the protocol over socket.io-client: typed calls that return the
 * acknowledgement (error acks as values), a state object kept up to date from the server events, and a fresh joinRoom after every reconnect. Runs in Node and in the browser.
 */
export class GameClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private current: ClientGameState;
  private readonly listeners = new Set<StateListener>();
  private readonly ackTimeoutMs: number;
  private wasClosed = false;
  private joined: string | null = null;
  private watching: string | null = null;
  private lastFrame: SpectatorFrame | null = null;
  /** Events that arrived while the watchRoom ack was on its way (they can be read before it). */
  private framesSeen = 0;
  private audience: number | null = null;
  private readonly frameListeners = new Set<FrameListener>();
  private readonly me: string | null;
  private readonly quietMs: number;
  private spoken: Dialect | null = null;
  /** Which broadside/2 `state` frames to take (seq-guard.ts). */
  private readonly frames = new SeqGuard();
  /** A joinRoom sent to catch up after a missed or old frame is on its way. */
  private resyncing = false;

  constructor(options: GameClientOptions) {
    this.current = initialGameState(options.slug);
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.quietMs = options.quietMs ?? 600;
    this.me = tokenUserId(options.token);
    this.socket = io(
      `${options.url.replace(/\/+$/, '')}${SOCKET_NAMESPACE}`,
      clientSocketOptions(
        options.speak === 'spec'
          ? { token: options.token, slug: options.slug }
          : { token: options.token, slug: options.slug, protocol: BROADSIDE_PROTOCOL },
        options.socket,
      ),
    );
    for (const event of SERVER_EVENTS) this.listen(event);
    // broadside/2: one whole view per change (docs/protocol.md).
    this.socket.on(STATE_EVENT, (raw: unknown) => this.takeFrame(raw));
    this.socket.on('connect', () => {
      this.update({ connected: true }, 'connected');
      // After a reconnect the server knows nothing of this socket: join again to get the full state.
      if (this.joined !== null) void this.joinRoom(this.joined);
      if (this.watching !== null) void this.watchRoom(this.watching);
    });
    this.socket.on('spectate', (frame) => {
      this.framesSeen++;
      this.showFrame(frame);
    });
    this.socket.on('spectators', (count) => {
      this.audience = count;
      if (this.lastFrame) this.showFrame({ ...this.lastFrame, spectators: count });
    });
    this.socket.on('disconnect', () => this.update({ connected: false }, 'connected'));
  }

  private listen<K extends ServerEventName>(event: K): void {
    // socket.io's typed `on` cannot relate a generic K to its listener; the cast stays inside this module.
    const on = this.socket.on.bind(this.socket) as (name: K, fn: (payload: ServerEventPayloads[K]) => void) => void;
    on(event, (payload) => {
      // Either dialect, either server: state-intake.ts reads the payload into our shapes.
      const { state, changes } = absorb(this.current, event, payload, this.me);
      if (event === 'match' && this.spoken === null) this.spoken = 'legacy';
      this.current = state;
      for (const change of changes) for (const listener of this.listeners) listener(this.current, change);
    });
  }

  /** A broadside/2 `state` frame: the whole view, taken in seq order; a gap or an old frame asks again. */
  private takeFrame(raw: unknown): void {
    const parsed = StateFrameSchema.safeParse(raw);
    if (!parsed.success) return;
    const frame: StateFrame = parsed.data;
    const verdict = this.frames.judge(frame.seq);
    if (verdict === 'stale') this.resync();
    if (verdict === 'stale' || verdict === 'duplicate') return;
    this.spoken = 'broadside/2';
    this.current = absorbView(this.current, frame.view);
    for (const listener of this.listeners) listener(this.current, 'state');
    if (verdict === 'gap') this.resync();
  }

  /** Joins again to get the room's state as it is now (one such join at a time). */
  private resync(): void {
    if (this.resyncing || this.joined === null || !this.socket.connected) return;
    this.resyncing = true;
    void this.joinRoom(this.joined).finally(() => {
      this.resyncing = false;
    });
  }

  /** The seq of the last broadside/2 `state` frame taken, or null. */
  get seq(): number | null {
    return this.frames.seq;
  }

  private update(patch: Partial<ClientGameState>, change: StateChange): void {
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener(this.current, change);
  }

  /** What the server speaks, known once a join was answered; null before. */
  get dialect(): Dialect | null {
    return this.spoken;
  }

  /** This client's user id, from its token. */
  get userId(): string | null {
    return this.me;
  }

  private showFrame(frame: SpectatorFrame): void {
    this.lastFrame = frame;
    for (const listener of this.frameListeners) listener(frame);
  }

  /** The last spectator frame received while watching, or null. */
  get frame(): SpectatorFrame | null {
    return this.lastFrame;
  }

  /** Calls `listener` with every spectator frame (and audience change); returns the unsubscribe function. */
  subscribeFrames(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  get state(): ClientGameState {
    return this.current;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Connects; rejects with the server's reason (e.g. UNAUTHORIZED) when the handshake is refused. */
  connect(): Promise<void> {
    this.wasClosed = false;
    return connectSocket(this.socket);
  }

  /** True after close() until the next connect(): nothing will bring this client back by itself. */
  get closed(): boolean {
    return this.wasClosed;
  }

  close(): void {
    this.wasClosed = true;
    this.joined = null;
    this.watching = null;
    this.socket.disconnect();
  }

  private async call<T>(send: () => Promise<Ack<T>>): Promise<Ack<T>> {
    // A closed client sends nothing: socket.io would buffer the event and hold the process open
    // until its acknowledgement timed out.
    if (this.wasClosed) return errorAck('DISCONNECTED', 'this client was closed');
    try {
      return await send();
    } catch (error) {
      const code: ErrorCode = this.socket.connected ? 'TIMEOUT' : 'DISCONNECTED';
      return errorAck(code, error instanceof Error ? error.message : undefined);
    }
  }

  joinRoom(slug: string = this.current.slug): Promise<Ack<GameStatus>> {
    return this.statusCall('joinRoom', slug, () => {
      this.joined = slug;
      if (this.current.slug !== slug) this.current = { ...this.current, slug };
    });
  }

  /**
   * Sends `joinRoom` or `replay`, whose acknowledgement is the room's status, and applies that
   * status the moment the acknowledgement is read, in its place among the server's events. Applied
   * after an `await` instead, it would land after the events read in the same packet batch (the
   * opponent's start, the rematch they asked at once) and put back a status the room has left.
   */
  private statusCall(event: 'joinRoom' | 'replay', slug: string, onJoined?: () => void): Promise<Ack<GameStatus>> {
    return this.call(
      () =>
        new Promise<Ack<GameStatus>>((resolve, reject) => {
          this.socket.timeout(this.ackTimeoutMs).emit(event, slug, (error: Error | null, raw: unknown) => {
            if (error) return reject(error);
            const reply = readStatusReply(raw);
            if (!isErrorAck(reply)) {
              this.spoken = dialectOf(raw);
              // The frame that answers a join is the room as it is now, whatever its seq.
              if (event === 'joinRoom') this.frames.restart();
              onJoined?.();
              this.update({ gameStatus: reply }, 'gameStatus');
            }
            resolve(reply);
          });
        }),
    );
  }

  /** Starts the game (the host only, where the server marks one). */
  startGame(slug: string = this.current.slug): Promise<Ack<null>> {
    const from = this.current.gameStatus;
    return this.settle('startGame', slug, (s) => s.gameStatus !== from && s.gameStatus !== 'UNSTARTED');
  }

  /** Places the fleet; ship keys "1".."5" to a SPEC server, "0".."4" to ours. */
  placeShips(fleet: ShipMap): Promise<Ack<null>> {
    const payload = this.spoken === 'spec' ? toWireShips(fleet) : fleet;
    return this.settle('placeShips', payload, (s) => s.gameStatus === 'PLAY');
  }

  /**
   * Fires one cell (answered with its result), or a turn's cells together (a salvo, broadside/2
   * only; answered with their results in the same order). A server of the SPEC dialect takes one
   * cell a turn: an array of one goes as that cell, a longer one is refused here.
   */
  shoot(target: Coord): Promise<Ack<ShotResult>>;
  shoot(targets: readonly Coord[]): Promise<Ack<ShotResult[]>>;
  shoot(target: Coord | readonly Coord[]): Promise<Ack<ShotResult | ShotResult[]>>;
  shoot(target: Coord | readonly Coord[]): Promise<Ack<ShotResult | ShotResult[]>> {
    const emit = (payload: Coord | Coord[]): Promise<unknown> =>
      this.socket.timeout(this.ackTimeoutMs).emitWithAck('shoot', payload);
    if (!isCoordList(target)) return this.call(async () => readShotReply(await emit({ x: target.x, y: target.y })));
    const cells = target.map((c) => ({ x: c.x, y: c.y }));
    if (this.spoken === 'spec' || this.spoken === 'legacy') {
      const [only] = cells;
      if (cells.length !== 1 || only === undefined)
        return Promise.resolve(errorAck('RULES_NOT_SUPPORTED', 'this server takes one shot a turn'));
      return this.call(async () => {
        const reply = readShotReply(await emit(only));
        return isErrorAck(reply) ? reply : [reply];
      });
    }
    return this.call(async () => readSalvoReply(await emit(cells), cells.length));
  }

  /**
   * Sends an action whose success the original server never acknowledges (docs/protocol.md): it
   * settles on the ack (ours answers `{}` or an error), on `progressed` in the events, or, from a
   * server that does not speak broadside/2, on `quietMs` without a refusal. Never waits on a success ack there.
   */
  private settle(event: 'startGame' | 'placeShips', payload: unknown, progressed: (s: ClientGameState) => boolean) {
    if (this.wasClosed) return Promise.resolve(errorAck('DISCONNECTED', 'this client was closed'));
    return new Promise<Ack<null>>((resolve) => {
      let done = false;
      let quiet: ReturnType<typeof setTimeout> | null = null;
      const finish = (reply: Ack<null>): void => {
        if (done) return;
        done = true;
        if (quiet !== null) clearTimeout(quiet);
        unsubscribe();
        resolve(reply);
      };
      const unsubscribe = this.subscribe((s) => {
        if (progressed(s)) finish(null);
      });
      if (this.spoken === 'spec') {
        quiet = setTimeout(() => finish(null), this.quietMs);
        if (typeof quiet === 'object' && 'unref' in quiet) quiet.unref();
      }
      // The payload's shape depends on the dialect (ship keys), so this one emit is untyped.
      const sender = this.socket.timeout(this.ackTimeoutMs) as unknown as {
        emit(name: string, arg: unknown, ack: (error: Error | null, reply: unknown) => void): void;
      };
      sender.emit(event, payload, (error, reply) => {
        if (error) finish(errorAck(this.socket.connected ? 'TIMEOUT' : 'DISCONNECTED', error.message));
        else finish(readDoneReply(reply));
      });
    });
  }

  replay(slug: string = this.current.slug): Promise<Ack<GameStatus>> {
    return this.statusCall('replay', slug);
  }

  /** Gives up the game in PLAY: the opponent wins by resignation. */
  resign(slug: string = this.current.slug): Promise<Ack<null>> {
    return this.call(async () =>
      readDoneReply(await this.socket.timeout(this.ackTimeoutMs).emitWithAck('resign', slug)),
    );
  }

  /** Leaves a room that has not started; the client then forgets it (no rejoin after a reconnect). */
  async leaveRoom(slug: string = this.current.slug): Promise<Ack<null>> {
    const reply = await this.call(() => this.socket.timeout(this.ackTimeoutMs).emitWithAck('leaveRoom', slug));
    if (!isErrorAck(reply) && this.joined === slug) this.joined = null;
    return reply;
  }

  /** Watches a room as a spectator (issue 14): the ack is the current frame, then one frame per change. */
  async watchRoom(slug: string = this.current.slug): Promise<Ack<SpectatorFrame>> {
    const seen = this.framesSeen;
    this.audience = null;
    const reply = await this.call(() => this.socket.timeout(this.ackTimeoutMs).emitWithAck('watchRoom', slug));
    if (!isErrorAck(reply)) {
      this.watching = slug;
      // Events sent after the ack may be handled before this line runs: never let the ack's older
      // frame replace a newer one, nor its older audience count.
      if (this.framesSeen === seen) this.showFrame({ ...reply, spectators: this.audience ?? reply.spectators });
    }
    return reply;
  }

  async unwatchRoom(slug: string = this.current.slug): Promise<Ack<null>> {
    const reply = await this.call(() => this.socket.timeout(this.ackTimeoutMs).emitWithAck('unwatchRoom', slug));
    if (!isErrorAck(reply)) this.watching = null;
    return reply;
  }
}

/** The dialect a join's acknowledgement tells: ours names it, a bare status is ours from before. */
function dialectOf(raw: unknown): Dialect {
  if (typeof raw === 'string') return 'legacy';
  const protocol = typeof raw === 'object' && raw !== null ? (raw as { protocol?: unknown }).protocol : undefined;
  return protocol === BROADSIDE_PROTOCOL ? 'broadside/2' : 'spec';
}

export type { ClientGameState, ErrorAck, StateChange };
export { hasToPlay, initialGameState, initialMatch } from './client-state';
