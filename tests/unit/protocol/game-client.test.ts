import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASSIC_RULES, createRng, emptyGrid, randomFleet } from '../../../src/game';
import {
  GameClient,
  gridOfRows,
  gridRows,
  hasToPlay,
  initialGameState,
  LobbyClient,
  type ServerEventName,
  SERVER_EVENTS,
  SOCKET_NAMESPACE,
  SOCKET_SETTINGS,
} from '../../../src/protocol';

/* These tests never reach a server: the port is closed and autoConnect is off. Server events are
 * delivered by calling the socket's own listeners, as socket.io would. */

const clients: GameClient[] = [];
function client(ackTimeoutMs = 50): GameClient {
  const c = new GameClient({ url: 'http://127.0.0.1:9/', token: 'tok', slug: 'brave-otter-42', ackTimeoutMs });
  clients.push(c);
  return c;
}
afterEach(() => {
  for (const c of clients.splice(0)) {
    // Some tests mark the socket connected; it never was, so there is nothing to send on close.
    (c.socket as { connected: boolean }).connected = false;
    c.close();
  }
  vi.restoreAllMocks();
});

/**
 * Answers the client's calls with `answer(event, ...args)`, through both ways it sends them:
 * `emitWithAck`, and `emit` with an acknowledgement callback called a moment later, as socket.io
 * calls it when the reply arrives.
 */
function answerWith(c: GameClient, answer: (event: string, ...args: unknown[]) => unknown): void {
  const fake = {
    emitWithAck: async (event: string, ...args: unknown[]) => answer(event, ...args),
    emit: (event: string, ...args: unknown[]) => {
      const done = args.pop() as (error: Error | null, reply: unknown) => void;
      const reply = answer(event, ...args);
      queueMicrotask(() => done(null, reply));
    },
  };
  vi.spyOn(c.socket, 'timeout').mockReturnValue(fake as unknown as ReturnType<typeof c.socket.timeout>);
}

/** Delivers a server event to the client as if the server had sent it. */
function deliver(c: GameClient, event: ServerEventName | 'connect' | 'state', payload?: unknown): void {
  for (const listener of c.socket.listeners(event)) (listener as (p: unknown) => void)(payload);
}

describe('GameClient settings', () => {
  it('uses the socket settings of docs/protocol.md', () => {
    expect(SOCKET_SETTINGS).toMatchObject({
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    const manager = client().socket.io;
    expect(manager.timeout()).toBe(20_000);
    expect(manager.reconnectionDelay()).toBe(1_000);
    expect(manager.reconnectionDelayMax()).toBe(5_000);
    expect(manager.randomizationFactor()).toBe(0.5);
    expect(manager.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
  });

  it('connects to the /room namespace with the token and slug in the handshake query', () => {
    const c = client();
    expect(SOCKET_NAMESPACE).toBe('/room');
    // `nsp` is private in the typings; reading it is the simplest proof of the namespace used.
    expect((c.socket as unknown as { nsp: string }).nsp).toBe('/room');
    expect(c.socket.io.opts.query).toEqual({ token: 'tok', slug: 'brave-otter-42', protocol: 'broadside/2' });
    expect(c.socket.connected).toBe(false);
  });

  it('opens a WebSocket first and falls back to polling only when it cannot', () => {
    // Starting on polling and upgrading leaves a window in which a closed page goes unnoticed by
    // the server until the heartbeat times out: the opponent's "left" notice came up to 45 s late.
    const opts = client().socket.io.opts;
    expect(opts.transports).toEqual(['websocket', 'polling']);
    expect(opts.tryAllTransports).toBe(true);
    const lobby = new LobbyClient({ url: 'http://127.0.0.1:9/', token: 'tok' });
    expect(lobby.socket.io.opts.transports).toEqual(['websocket', 'polling']);
    lobby.close();
    // A caller's choice still wins (the CLI and the load generator use WebSocket only).
    const cli = new GameClient({
      url: 'http://127.0.0.1:9/',
      token: 't',
      slug: 's',
      socket: { transports: ['websocket'] },
    });
    clients.push(cli);
    expect(cli.socket.io.opts.transports).toEqual(['websocket']);
  });
});

describe('GameClient state', () => {
  it('starts from an empty state for its slug', () => {
    expect(client().state).toEqual(initialGameState('brave-otter-42'));
    expect(initialGameState('x')).toMatchObject({ gameStatus: null, members: [], playerBoats: emptyGrid() });
  });

  it('keeps each server event in its state and tells subscribers', () => {
    const c = client();
    const changes: string[] = [];
    const unsubscribe = c.subscribe((_state, change) => changes.push(change));
    const fleet = randomFleet(createRng(3));
    const payloads: Record<ServerEventName, unknown> = {
      gameStatus: 'PLAY',
      members: [{ userId: 'u1', username: 'alice', socketId: 's1', hasToPlay: true, connected: true, awayUntil: null }],
      shipsIndexes: fleet,
      playerBoats: emptyGrid().map((row, y) => (y === 0 ? row.map(() => 'S') : row)),
      opponentBoats: emptyGrid().map((row, y) => (y === 9 ? row.map(() => 'M') : row)),
      opponentShipsIndexes: { '4': fleet['4'] },
      battlePlace: { shooterId: 'u2', x: 1, y: 2, result: 'M' },
      winner: { userId: 'u1', username: 'alice' },
      match: {
        rules: { fleet: 'classic', touch: false, shots: 'salvo', again: 'never' },
        turnSeconds: 30,
        turnDeadline: 1_790_000_030_000,
        missedTurns: { u2: 1 },
        endReason: 'RESIGN',
        rematchBy: { userId: 'u2', username: 'bob' },
        spectators: 0,
        serverNow: 1_790_000_000_000,
      },
    };
    const before = c.state;
    for (const event of SERVER_EVENTS) deliver(c, event, payloads[event]);
    expect(changes).toEqual([...SERVER_EVENTS]);
    for (const event of SERVER_EVENTS) expect(c.state[event]).toEqual(payloads[event]);
    // The state object is replaced, never mutated, so stores can compare by reference.
    expect(before).toEqual(initialGameState('brave-otter-42'));
    unsubscribe();
    deliver(c, 'gameStatus', 'ENDED');
    expect(changes).toHaveLength(SERVER_EVENTS.length);
    expect(c.state.gameStatus).toBe('ENDED');
  });

  it('hasToPlay reads the members list', () => {
    const c = client();
    deliver(c, 'members', [
      { userId: 'u1', username: 'alice', socketId: 's1', hasToPlay: false },
      { userId: 'u2', username: 'bob', socketId: 's2', hasToPlay: true },
    ]);
    expect(hasToPlay(c.state, 'u2')).toBe(true);
    expect(hasToPlay(c.state, 'u1')).toBe(false);
    expect(hasToPlay(c.state, 'nobody')).toBe(false);
  });
});

describe('GameClient calls', () => {
  it('answers an error ack instead of throwing when the server cannot be reached', async () => {
    const c = client(30);
    await expect(c.shoot({ x: 1, y: 2 })).resolves.toMatchObject({ error: 'DISCONNECTED' });
    await expect(c.joinRoom()).resolves.toMatchObject({ error: 'DISCONNECTED' });
    expect(c.state.gameStatus).toBeNull();
  });

  it('sends each call as its event with the right payload and returns the ack', async () => {
    const c = client();
    const sent: unknown[][] = [];
    const replies: Record<string, unknown> = {
      joinRoom: 'PLACE_SHIPS',
      startGame: { error: 'WRONG_STATUS' },
      placeShips: null,
      shoot: 'D',
      replay: 'PLACE_SHIPS',
      resign: null,
      leaveRoom: null,
    };
    answerWith(c, (event: string, ...args: unknown[]) => {
      sent.push([event, ...args]);
      return replies[event];
    });
    const fleet = randomFleet(createRng(5));
    await expect(c.joinRoom()).resolves.toBe('PLACE_SHIPS');
    await expect(c.startGame()).resolves.toEqual({ error: 'WRONG_STATUS' });
    await expect(c.placeShips(fleet)).resolves.toBeNull();
    await expect(c.shoot({ x: 3, y: 4, extra: 'dropped' } as { x: number; y: number })).resolves.toBe('D');
    await expect(c.replay()).resolves.toBe('PLACE_SHIPS');
    await expect(c.resign()).resolves.toBeNull();
    await expect(c.leaveRoom()).resolves.toBeNull();
    expect(sent).toEqual([
      ['joinRoom', 'brave-otter-42'],
      ['startGame', 'brave-otter-42'],
      ['placeShips', fleet],
      ['shoot', { x: 3, y: 4 }],
      ['replay', 'brave-otter-42'],
      ['resign', 'brave-otter-42'],
      ['leaveRoom', 'brave-otter-42'],
    ]);
    // A successful join or replay also records the status it answered.
    expect(c.state.gameStatus).toBe('PLACE_SHIPS');
  });

  it('applies a join or replay status where its acknowledgement arrives, not after the events read behind it', async () => {
    // The acknowledgement and the events after it can be read in one batch: the opponent starts the
    // game (or asks for the rematch) just after this join. Their status must win over the ack's.
    for (const [event, acked, next] of [
      ['joinRoom', 'UNSTARTED', 'PLACE_SHIPS'],
      ['replay', 'PLACE_SHIPS', 'PLAY'],
    ] as const) {
      const c = client();
      let acknowledge: (() => void) | undefined;
      const fake = {
        emit: (_event: string, _slug: unknown, done: (error: Error | null, reply: unknown) => void) => {
          acknowledge = () => done(null, acked);
        },
      };
      vi.spyOn(c.socket, 'timeout').mockReturnValue(fake as unknown as ReturnType<typeof c.socket.timeout>);
      const reply = event === 'joinRoom' ? c.joinRoom() : c.replay();
      acknowledge?.();
      deliver(c, 'gameStatus', next);
      await expect(reply).resolves.toBe(acked);
      expect(c.state.gameStatus).toBe(next);
    }
  });

  it('says the original server keeps the turn after a hit: a broadside/2 join answered in the SPEC dialect', async () => {
    const onOriginal = client();
    answerWith(onOriginal, () => ({ gameStatus: 'PLAY' }));
    expect(onOriginal.state.match.rules.again).toBe('never');
    await onOriginal.joinRoom();
    expect(onOriginal.dialect).toBe('spec');
    expect(onOriginal.state.match.rules).toEqual({ fleet: 'classic', touch: true, shots: 'one', again: 'hit' });

    // Ours says its rules itself; a client that speaks SPEC on purpose cannot tell the servers apart.
    const onOurs = client();
    answerWith(onOurs, () => ({ gameStatus: 'PLAY', protocol: 'broadside/2' }));
    await onOurs.joinRoom();
    expect(onOurs.state.match.rules.again).toBe('never');
    const speaksSpec = new GameClient({ url: 'http://127.0.0.1:9/', token: 'tok', slug: 's', speak: 'spec' });
    clients.push(speaksSpec);
    answerWith(speaksSpec, () => ({ gameStatus: 'PLAY' }));
    await speaksSpec.joinRoom();
    expect(speaksSpec.state.match.rules.again).toBe('never');
  });

  it('joins its room again after every reconnect, once it has joined', async () => {
    const c = client();
    const joins: unknown[] = [];
    answerWith(c, (event: string, slug: unknown) => {
      if (event === 'joinRoom') joins.push(slug);
      return 'PLAY';
    });
    deliver(c, 'connect');
    expect(joins).toEqual([]);
    expect(c.state.connected).toBe(true);
    await c.joinRoom('other-room-7');
    expect(c.state.slug).toBe('other-room-7');
    deliver(c, 'connect');
    await vi.waitFor(() => expect(joins).toEqual(['other-room-7', 'other-room-7']));
  });

  it('a room it left is not joined again after a reconnect', async () => {
    const c = client();
    const sent: unknown[][] = [];
    answerWith(c, (event: string, slug: unknown) => {
      sent.push([event, slug]);
      return event === 'joinRoom' ? 'UNSTARTED' : null;
    });
    await c.joinRoom();
    await expect(c.leaveRoom()).resolves.toBeNull();
    deliver(c, 'connect');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([
      ['joinRoom', 'brave-otter-42'],
      ['leaveRoom', 'brave-otter-42'],
    ]);
  });

  it('a failed join does not count as joined: no re-join after a reconnect', async () => {
    const c = client();
    const joins: unknown[] = [];
    answerWith(c, (_event: string, slug: unknown) => {
      joins.push(slug);
      return { error: 'ROOM_NOT_FOUND' };
    });
    await expect(c.joinRoom('nowhere')).resolves.toEqual({ error: 'ROOM_NOT_FOUND' });
    deliver(c, 'connect');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(joins).toEqual(['nowhere']);
    expect(c.state.gameStatus).toBeNull();
  });
});

describe('GameClient and broadside/2 state frames', () => {
  const match = {
    turnSeconds: null,
    turnDeadline: null,
    missedTurns: {},
    endReason: null,
    rematchBy: null,
    spectators: 1,
    serverNow: 1_790_000_000_000,
    rules: CLASSIC_RULES,
  };
  const member = (userId: string, hasToPlay: boolean) => ({
    userId,
    username: userId,
    socketId: `${userId}-s`,
    hasToPlay,
    connected: true,
    awayUntil: null,
    bot: null,
  });
  const view = (status: 'PLACE_SHIPS' | 'PLAY', shooter: string, shots: number) => {
    const fleet = randomFleet(createRng(8));
    return {
      status,
      members: [member('u1', shooter === 'u1'), member('u2', shooter === 'u2')],
      shipsIndexes: status === 'PLAY' ? fleet : null,
      // As a frame travels: the grids as rows of cell codes (docs/protocol.md).
      playerBoats: gridRows(emptyGrid()),
      opponentBoats: gridRows(
        emptyGrid().map((row, y) => (y === 0 ? row.map((cell, x) => (x < shots ? 'M' : cell)) : row)),
      ),
      opponentShipsIndexes: {},
      battlePlace: shots > 0 ? { shooterId: 'u1', x: shots - 1, y: 0, result: 'M' } : null,
      winner: null,
      match,
    };
  };
  /** A client that joined (ack answered), counting the joins it sends. */
  async function joined(): Promise<{ c: GameClient; joins: () => number }> {
    const c = client();
    let joins = 0;
    answerWith(c, (event) => {
      if (event === 'joinRoom') joins++;
      return event === 'joinRoom' ? { gameStatus: 'PLAY', protocol: 'broadside/2' } : null;
    });
    await c.joinRoom();
    (c.socket as { connected: boolean }).connected = true;
    return { c, joins: () => joins };
  }

  it('takes a frame as the whole state and tells subscribers once, as `state`', async () => {
    const { c } = await joined();
    const changes: string[] = [];
    c.subscribe((_s, change) => changes.push(change));
    const v = view('PLAY', 'u2', 3);
    deliver(c, 'state', { seq: 7, view: v });
    expect(changes).toEqual(['state']);
    expect(c.seq).toBe(7);
    expect(c.dialect).toBe('broadside/2');
    expect(c.state).toMatchObject({
      gameStatus: 'PLAY',
      members: v.members,
      shipsIndexes: v.shipsIndexes,
      opponentBoats: gridOfRows(v.opponentBoats),
      battlePlace: v.battlePlace,
      match,
      slug: 'brave-otter-42',
    });
    expect(c.state.opponentBoats[0]?.slice(0, 4)).toEqual(['M', 'M', 'M', 'E']);
    expect(hasToPlay(c.state, 'u2')).toBe(true);
  });

  it('ignores an old or repeated frame and asks again (joinRoom) when it is older', async () => {
    const { c, joins } = await joined();
    deliver(c, 'state', { seq: 4, view: view('PLAY', 'u1', 1) });
    deliver(c, 'state', { seq: 5, view: view('PLAY', 'u2', 2) });
    const taken = c.state;
    deliver(c, 'state', { seq: 5, view: view('PLAY', 'u1', 9) });
    expect(c.state).toBe(taken);
    expect(joins()).toBe(1);
    deliver(c, 'state', { seq: 3, view: view('PLAY', 'u1', 9) });
    expect(c.state).toBe(taken);
    await vi.waitFor(() => expect(joins()).toBe(2));
    // The join was answered: the frame after it is the room as it is now, even from seq 0 (a room
    // loaded anew elsewhere counts from 0 again).
    deliver(c, 'state', { seq: 0, view: view('PLAY', 'u1', 6) });
    expect(c.seq).toBe(0);
    expect(c.state.battlePlace).toMatchObject({ x: 5 });
  });

  it('takes a frame after a gap (it is the whole view) and asks again, one join at a time', async () => {
    const { c, joins } = await joined();
    deliver(c, 'state', { seq: 1, view: view('PLAY', 'u1', 1) });
    deliver(c, 'state', { seq: 4, view: view('PLAY', 'u2', 4) });
    deliver(c, 'state', { seq: 9, view: view('PLAY', 'u1', 5) });
    expect(c.state.battlePlace).toMatchObject({ x: 4 });
    expect(c.seq).toBe(9);
    await vi.waitFor(() => expect(joins()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(joins()).toBe(2);
  });

  it('ignores a frame that does not match the schema', async () => {
    const { c, joins } = await joined();
    const before = c.state;
    deliver(c, 'state', { seq: 1, view: { ...view('PLAY', 'u1', 1), opponentBoats: [['S']] } });
    deliver(c, 'state', { view: view('PLAY', 'u1', 1) });
    expect(c.state).toBe(before);
    expect(c.seq).toBeNull();
    expect(joins()).toBe(1);
  });
});
