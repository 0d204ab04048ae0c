import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { type Coord, type GameStatus, ORIGINAL_RULES, type ShipMap, type ShotResult } from '../game';
import { ackFailure } from './ack-failure';
import type { ChatLine, QuickMessage } from './chat';
import { type ChatChange, ChatFeed, type ChatListener } from './chat-feed';
import type { ClientGameState, StateChange } from './client-state';
import { BROADSIDE_PROTOCOL, type Dialect, dialectOf } from './dialect';
import { connectSocket } from './connect-socket';
import { ROOM_CLOSED_EVENT, RoomClosedSchema } from './operations';
import { followRestarts, PLANNED_QUIET_MS } from './planned-reconnect';
import { PlayerStateFeed, STATE_EVENT, type StateListener } from './player-state-feed';
import { type ActionSocket, settleAction } from './settle-action';
import { clientSocketOptions } from './socket-options';
import { sendShot } from './shot-call';
import { readChatReply, readDoneReply, readStatusReply, toWireShips } from './spec-dialect';
import { type FrameListener, SpectatorFeed } from './spectator-feed';
import type { SpectatorFrame } from './spectators';
import { tokenUserId } from './token-claims';
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

export { BROADSIDE_PROTOCOL, type Dialect };
export { clientSocketOptions, OWN_CONNECTION, SOCKET_SETTINGS, WEBSOCKET_FIRST } from './socket-options';
export type { ChatChange, ChatListener, FrameListener, StateListener };

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
 * acknowledgement (error acks as values), a state object kept up to date from the server events
 * (player-state-feed.ts), spectator frames (spectator-feed.ts), and a fresh joinRoom after every
 * reconnect. Runs in Node and in the browser. A new kind of traffic (its events and calls) gets its
 * own feed file and is wired in the constructor.
 */
export class GameClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private readonly player: PlayerStateFeed;
  private readonly spectator = new SpectatorFeed();
  private readonly talk = new ChatFeed();
  private readonly ackTimeoutMs: number;
  private readonly quietMs: number;
  private readonly me: string | null;
  private wasClosed = false;
  private joined: string | null = null;
  private watching: string | null = null;
  private spoken: Dialect | null = null;
  /** The dialect this client's handshake asked for. */
  private readonly asked: 'broadside/2' | 'spec';
  /** A joinRoom sent to catch up after a missed or old frame is on its way. */
  private resyncing = false;

  constructor(options: GameClientOptions) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.quietMs = options.quietMs ?? 600;
    this.me = tokenUserId(options.token);
    this.asked = options.speak ?? 'broadside/2';
    this.player = new PlayerStateFeed(options.slug, this.me);
    this.socket = io(
      `${options.url.replace(/\/+$/, '')}${SOCKET_NAMESPACE}`,
      clientSocketOptions(
        this.asked === 'spec'
          ? { token: options.token, slug: options.slug }
          : { token: options.token, slug: options.slug, protocol: BROADSIDE_PROTOCOL },
        options.socket,
      ),
    );
    for (const event of SERVER_EVENTS) this.listen(event);
    // broadside/2: one whole view per change (docs/protocol.md).
    this.socket.on(STATE_EVENT, (raw: unknown) => this.takeFrame(raw));
    this.socket.on('connect', () => {
      this.player.update({ connected: true }, 'connected');
      // After a reconnect the server knows nothing of this socket: join again to get the full state.
      if (this.joined !== null) void this.joinRoom(this.joined);
      if (this.watching !== null) void this.watchRoom(this.watching);
    });
    this.socket.on(ROOM_CLOSED_EVENT, (raw: unknown) => this.roomClosed(raw));
    this.socket.on('spectate', (frame) => this.spectator.takeFrame(frame));
    this.socket.on('spectators', (count) => this.spectator.takeAudience(count));
    // Chat (chat-feed.ts): broadside/2 sends a line, the SPEC dialect the payload and its sender.
    this.socket.on('chat', (payload: unknown, sender?: unknown) => void this.talk.takeEvent(payload, sender));
    this.socket.on('chatHistory', (history) => this.talk.takeHistory(history));
    // A node that restarts says so first (planned-reconnect.ts): the player is shown offline only
    // if the reconnection takes longer than a moment, not for the blink of a planned one.
    let quiet: ReturnType<typeof setTimeout> | null = null;
    const restarts = followRestarts(this.socket as unknown as Socket, (planned) => {
      if (planned || quiet === null) return;
      clearTimeout(quiet);
      quiet = null;
    });
    this.socket.on('disconnect', () => {
      if (!restarts.planned) {
        this.player.update({ connected: false }, 'connected');
        return;
      }
      quiet ??= setTimeout(() => {
        quiet = null;
        if (!this.socket.connected) this.player.update({ connected: false }, 'connected');
      }, PLANNED_QUIET_MS);
    });
  }

  private listen<K extends ServerEventName>(event: K): void {
    // socket.io's typed `on` cannot relate a generic K to its listener; the cast stays inside this module.
    const on = this.socket.on.bind(this.socket) as (name: K, fn: (payload: ServerEventPayloads[K]) => void) => void;
    on(event, (payload) => {
      if (event === 'match' && this.spoken === null) this.spoken = 'legacy';
      // Either dialect, either server: state-intake.ts reads the payload into our shapes.
      this.player.takeEvent(event, payload);
    });
  }

  private takeFrame(raw: unknown): void {
    const { taken, resync } = this.player.takeFrame(raw);
    if (taken) this.spoken = 'broadside/2';
    if (resync) this.resync();
  }

  /** An operator closed the room: nothing to join again after a reconnect; the state says why. */
  private roomClosed(raw: unknown): void {
    const parsed = RoomClosedSchema.safeParse(raw);
    if (!parsed.success) return;
    if (this.joined === parsed.data.slug) this.joined = null;
    if (this.watching === parsed.data.slug) this.watching = null;
    this.player.update({ closed: { reason: parsed.data.reason } }, 'closed');
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
    return this.player.seq;
  }

  /** What the server speaks, known once a join was answered; null before. */
  get dialect(): Dialect | null {
    return this.spoken;
  }

  /** This client's user id, from its token. */
  get userId(): string | null {
    return this.me;
  }

  /** The last spectator frame received while watching, or null. */
  get frame(): SpectatorFrame | null {
    return this.spectator.frame;
  }

  /** Calls `listener` with every spectator frame (and audience change); returns the unsubscribe function. */
  subscribeFrames(listener: FrameListener): () => void {
    return this.spectator.subscribe(listener);
  }

  get state(): ClientGameState {
    return this.player.state;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: StateListener): () => void {
    return this.player.subscribe(listener);
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
      return ackFailure(this.socket, error);
    }
  }

  joinRoom(slug: string = this.state.slug): Promise<Ack<GameStatus>> {
    return this.statusCall('joinRoom', slug, () => {
      if (this.joined !== slug) this.talk.reset();
      this.joined = slug;
      this.player.rename(slug);
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
              if (event === 'joinRoom') this.player.restartFrames();
              onJoined?.();
              this.player.update({ gameStatus: reply, ...this.rulesOfSpecOnlyServer() }, 'gameStatus');
            }
            resolve(reply);
          });
        }),
    );
  }

  /**
   * A server that answers broadside/2 in the SPEC dialect knows no other: the original, whose rule
   * is to keep the turn after a hit (docs/protocol.md, "Interoperability"). It never says its rules,
   * so the state says them for it: the rules chip and How to play then tell what is played.
   */
  private rulesOfSpecOnlyServer(): Partial<ClientGameState> {
    if (this.spoken !== 'spec' || this.asked !== BROADSIDE_PROTOCOL) return {};
    return { match: { ...this.state.match, rules: ORIGINAL_RULES } };
  }

  /** Starts the game (the host only, where the server marks one). */
  startGame(slug: string = this.state.slug): Promise<Ack<null>> {
    const from = this.state.gameStatus;
    return this.settle('startGame', slug, (s) => s.gameStatus !== from && s.gameStatus !== 'UNSTARTED');
  }

  /** Places the fleet; ship keys "1".."5" to a SPEC server, "0".."4" to ours. */
  placeShips(fleet: ShipMap): Promise<Ack<null>> {
    const payload = this.spoken === 'spec' ? toWireShips(fleet) : fleet;
    return this.settle('placeShips', payload, (s) => s.gameStatus === 'PLAY');
  }

  private settle(
    event: 'startGame' | 'placeShips',
    payload: unknown,
    progressed: (s: ClientGameState) => boolean,
  ): Promise<Ack<null>> {
    if (this.wasClosed) return Promise.resolve(errorAck('DISCONNECTED', 'this client was closed'));
    return settleAction({
      // The payload's shape depends on the dialect (ship keys), so this one emit is untyped.
      socket: this.socket as unknown as ActionSocket,
      event,
      payload,
      ackTimeoutMs: this.ackTimeoutMs,
      quietMs: this.spoken === 'spec' ? this.quietMs : null,
      subscribe: (listener) => this.player.subscribe(listener),
      progressed,
    });
  }

  /** Fires one cell, or a turn's cells together (a salvo): shot-call.ts. */
  shoot(target: Coord): Promise<Ack<ShotResult>>;
  shoot(targets: readonly Coord[]): Promise<Ack<ShotResult[]>>;
  shoot(target: Coord | readonly Coord[]): Promise<Ack<ShotResult | ShotResult[]>>;
  shoot(target: Coord | readonly Coord[]): Promise<Ack<ShotResult | ShotResult[]>> {
    const emit = (payload: Coord | Coord[]): Promise<unknown> =>
      this.socket.timeout(this.ackTimeoutMs).emitWithAck('shoot', payload);
    return this.call(() => sendShot(emit, target, this.spoken));
  }

  replay(slug: string = this.state.slug): Promise<Ack<GameStatus>> {
    return this.statusCall('replay', slug);
  }

  /** Gives up the game in PLAY: the opponent wins by resignation. */
  resign(slug: string = this.state.slug): Promise<Ack<null>> {
    return this.call(async () =>
      readDoneReply(await this.socket.timeout(this.ackTimeoutMs).emitWithAck('resign', slug)),
    );
  }

  /** Leaves a room that has not started; the client then forgets it (no rejoin after a reconnect). */
  async leaveRoom(slug: string = this.state.slug): Promise<Ack<null>> {
    const reply = await this.call(() => this.socket.timeout(this.ackTimeoutMs).emitWithAck('leaveRoom', slug));
    if (!isErrorAck(reply) && this.joined === slug) this.joined = null;
    return reply;
  }

  /** Watches a room as a spectator (issue 14): the ack is the current frame, then one frame per change. */
  async watchRoom(slug: string = this.state.slug): Promise<Ack<SpectatorFrame>> {
    const mark = this.spectator.asking();
    const reply = await this.call(
      () =>
        new Promise<Ack<SpectatorFrame>>((resolve, reject) => {
          this.socket.timeout(this.ackTimeoutMs).emit('watchRoom', slug, (error: Error | null, raw) => {
            if (error) return reject(error);
            // A new room's chat starts empty the moment the ack is read: its history, read in the
            // same batch of packets right after, must not be wiped (as joinRoom's statusCall).
            if (!isErrorAck(raw) && this.watching !== slug) this.talk.reset();
            resolve(raw);
          });
        }),
    );
    if (!isErrorAck(reply)) {
      this.watching = slug;
      // Only our server lets a socket watch: it speaks what this client asked for.
      this.spoken ??= this.asked;
      // Events sent after the ack may be handled before this line runs (spectator-feed.ts keeps the newer).
      this.spectator.answered(reply, mark);
    }
    return reply;
  }

  /** The chat of the room joined or watched, oldest line first (chat-feed.ts). */
  get chat(): readonly ChatLine[] {
    return this.talk.lines;
  }

  /** Calls `listener` with the lines after every line and every history; returns the unsubscribe function. */
  subscribeChat(listener: ChatListener): () => void {
    return this.talk.subscribe(listener);
  }

  /** Says a line of text in the room (docs/protocol.md, "Chat"). */
  say(text: string): Promise<Ack<ChatLine>> {
    return this.sayLine({ text }, text);
  }

  /**
   * Says a quick message: its code to our server, which shows it in each reader's language; to a
   * server without quick messages (the original), `words` as text (the sender's language).
   */
  sayQuick(quick: QuickMessage, words: string): Promise<Ack<ChatLine>> {
    return this.sayLine({ quick }, words);
  }

  private sayLine(said: { text: string } | { quick: QuickMessage }, words: string): Promise<Ack<ChatLine>> {
    return this.call(async () => {
      if (this.spoken === 'broadside/2') {
        return readChatReply(await this.socket.timeout(this.ackTimeoutMs).emitWithAck('chat', said));
      }
      // The SPEC dialect, as the original's message: the text and when it was sent. Its ack is `{message}`.
      const at = Date.now();
      const reply = await this.socket
        .timeout(this.ackTimeoutMs)
        .emitWithAck('chat', { text: words, timeSent: new Date(at).toISOString() });
      const done = readDoneReply(reply);
      if (isErrorAck(done)) return done;
      const from = {
        userId: this.me ?? '',
        username: this.player.state.members.find((m) => m.userId === this.me)?.username ?? '',
      };
      return { id: `sent-${at}`, at, from, channel: this.watching !== null ? 'spectators' : 'players', text: words };
    });
  }

  async unwatchRoom(slug: string = this.state.slug): Promise<Ack<null>> {
    const reply = await this.call(() => this.socket.timeout(this.ackTimeoutMs).emitWithAck('unwatchRoom', slug));
    if (!isErrorAck(reply)) this.watching = null;
    return reply;
  }
}

export type { ClientGameState, ErrorAck, StateChange };
export { hasToPlay, initialGameState, initialMatch } from './client-state';
