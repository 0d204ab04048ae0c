import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRng, type ShipMap, SHIP_KEYS } from '../../../src/game';
import type { ServerEventName } from '../../../src/protocol';
import { MemoryStorage } from '../../../server/db/memory';
import { RoomActions } from '../../../server/rooms/actions';
import type { Actor, Command } from '../../../server/rooms/commands';
import { CLOCK } from '../../../server/rooms/commands';
import { type Publisher, RoomDispatcher } from '../../../server/rooms/dispatch';
import { RoomRegistry } from '../../../server/rooms/registry';
import type { Room } from '../../../server/rooms/room';
import { fixedFleet, verticalFleet } from '../game/helpers';

/*
 * The room authority on its own: every command through dispatch() against the in-memory storage,
 * with a publisher that records what each member would be sent. No sockets, no database.
 */

const GRACE_MS = 5_000;
const TURN_MS = 30_000;
const ada = { id: 'ada', username: 'Ada' };
const bob = { id: 'bob', username: 'Bob' };
const player = (user: { id: string; username: string }, socketId: string | null = `${user.id}-socket`): Actor => ({
  kind: 'player',
  user,
  socketId,
});

interface Published {
  readonly seq: number;
  readonly events: Record<string, readonly ServerEventName[]>;
  readonly game: boolean;
}

const silent = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

function authority(storage = new MemoryStorage(), seed = 7) {
  const registry = new RoomRegistry(storage, { graceMs: GRACE_MS, turnMs: () => TURN_MS });
  const published: Published[] = [];
  const publisher: Publisher = {
    publish: (room, fanout, options) => {
      const events: Record<string, readonly ServerEventName[]> = {};
      for (const id of room.members.keys()) events[id] = fanout(id);
      published.push({ seq: room.seq, events, game: options?.game !== false });
    },
  };
  const dispatcher = new RoomDispatcher({
    actions: new RoomActions(storage, createRng(seed)),
    registry,
    publisher,
    log: silent,
  });
  const { dispatch } = dispatcher;
  const run = (room: Room, actor: Actor, command: Command) => dispatch(room, actor, command);
  return { storage, registry, dispatcher, dispatch, run, published };
}

type Authority = ReturnType<typeof authority>;

async function newRoom(a: Authority, turnSeconds: 30 | null = null): Promise<Room> {
  for (const u of [ada, bob]) {
    await a.storage.users.createUser({ id: u.id, username: u.username, email: `${u.id}@t.dev`, passwordHash: 'x' });
  }
  const slug = await a.registry.create(ada.id, { turnSeconds });
  const room = await a.registry.get(slug);
  if (!room) throw new Error('no room');
  return room;
}

/** Both seated, started, both fleets placed: in PLAY. */
async function playing(a: Authority, turnSeconds: 30 | null = null): Promise<Room> {
  const room = await newRoom(a, turnSeconds);
  expect(await a.run(room, player(ada), { type: 'join' })).toBe('UNSTARTED');
  expect(await a.run(room, player(bob), { type: 'join' })).toBe('UNSTARTED');
  expect(await a.run(room, player(ada), { type: 'start' })).toBeNull();
  expect(await a.run(room, player(ada), { type: 'place', fleet: fixedFleet() })).toBeNull();
  expect(await a.run(room, player(bob), { type: 'place', fleet: verticalFleet() })).toBeNull();
  expect(room.state.status).toBe('PLAY');
  return room;
}

const cellsOf = (fleet: ShipMap) => SHIP_KEYS.flatMap((k) => fleet[k]);

describe('dispatch: one path for every action on a room', () => {
  it('joins, starts, places and shoots, publishing each change once with a growing seq', async () => {
    const a = authority();
    const room = await playing(a);
    expect(a.published.map((p) => p.seq)).toEqual([1, 2, 3, 4, 5]);
    const shooter = room.state.turn === ada.id ? ada : bob;
    const reply = await a.run(room, player(shooter), { type: 'shoot', target: { x: 9, y: 9 } });
    expect(reply).toBe('M');
    expect(room.seq).toBe(6);
    const last = a.published.at(-1);
    expect(last?.events[shooter.id]).toContain('opponentBoats');
    expect(last?.events[shooter.id === ada.id ? bob.id : ada.id]).toContain('playerBoats');
    // The move is stored: a fresh authority over the same storage restores the very same state.
    const again = authority(a.storage);
    const reloaded = await again.registry.get(room.slug);
    expect(reloaded?.state).toEqual(room.state);
  });

  it('refuses with an error and publishes nothing when a rule says no', async () => {
    const a = authority();
    const room = await playing(a);
    const waiting = room.state.turn === ada.id ? bob : ada;
    const before = a.published.length;
    expect(await a.run(room, player(waiting), { type: 'shoot', target: { x: 0, y: 0 } })).toEqual({
      error: 'NOT_YOUR_TURN',
    });
    expect(await a.run(room, player(ada), { type: 'start' })).toMatchObject({ error: 'WRONG_STATUS' });
    expect(a.published.length).toBe(before);
    expect(room.seq).toBe(before);
  });

  it('answers TIMEOUT and changes nothing when a command is still queued past its sender’s wait', async () => {
    const a = authority();
    const room = await playing(a);
    const shooter = room.state.turn === ada.id ? ada : bob;
    const before = { published: a.published.length, state: room.state, seq: room.seq };
    // Queued behind a slow command, a forwarded shot whose node stopped waiting for it (startBy passed).
    let release = (): void => undefined;
    const slow = room.exclusive(() => new Promise<void>((r) => (release = r)));
    const late = a.dispatch(room, player(shooter), { type: 'shoot', target: { x: 0, y: 0 } }, undefined, 0);
    release();
    await slow;
    expect(await late).toMatchObject({ error: 'TIMEOUT' });
    expect(room.state).toBe(before.state);
    expect(a.published.length).toBe(before.published);
    expect(room.seq).toBe(before.seq);
    expect(await a.storage.rounds.shotsOf(room.gameId ?? -1)).toEqual([]);
    // The same shot in time is played.
    const inTime = performance.now() + 60_000;
    expect(
      await a.dispatch(room, player(shooter), { type: 'shoot', target: { x: 0, y: 0 } }, undefined, inTime),
    ).toMatch(/^[MHD]$/);
  });

  it('lets only a seated member act, through the connection it is seated with', async () => {
    const a = authority();
    const room = await playing(a);
    const carol = { id: 'carol', username: 'Carol' };
    expect(await a.run(room, player(carol), { type: 'resign' })).toMatchObject({ error: 'NOT_JOINED' });
    expect(await a.run(room, player(ada, 'an-old-socket'), { type: 'resign' })).toMatchObject({
      error: 'NOT_JOINED',
    });
    // A deadline is the clock's alone.
    expect(await a.run(room, player(ada), { type: 'forfeit', userId: bob.id, awayUntil: 1 })).toMatchObject({
      error: 'BAD_PAYLOAD',
    });
    expect(await a.run(room, CLOCK, { type: 'resign' })).toMatchObject({ error: 'BAD_PAYLOAD' });
    expect(room.state.status).toBe('PLAY');
  });

  it('plays a game to its end by sinking, then replays into a new round', async () => {
    const a = authority();
    const room = await playing(a);
    const targets = { [ada.id]: cellsOf(verticalFleet()), [bob.id]: cellsOf(fixedFleet()) };
    const misses = { [ada.id]: 0, [bob.id]: 0 };
    // The first player shoots at every ship cell; the other misses on the last row's free cells.
    const first = room.state.turn ?? '';
    const ships = [...cellsOf(fixedFleet()), ...cellsOf(verticalFleet())];
    const free = [...Array(100).keys()]
      .map((i) => ({ x: i % 10, y: Math.floor(i / 10) }))
      .filter((c) => !ships.some((s) => s.x === c.x && s.y === c.y));
    let shots = 0;
    while (room.state.status === 'PLAY') {
      const turn = room.state.turn ?? '';
      const user = turn === ada.id ? ada : bob;
      const target = turn === first ? targets[turn]?.[shots++] : free[misses[turn] ?? 0];
      if (turn !== first) misses[turn] = (misses[turn] ?? 0) + 1;
      if (!target) throw new Error('ran out of targets');
      const reply = await a.run(room, player(user), { type: 'shoot', target });
      if (turn !== first) expect(reply).toBe('M');
    }
    expect(room.state).toMatchObject({ status: 'ENDED', winner: first, endReason: 'SUNK' });
    const stored = await a.storage.rooms.loadRoom(room.slug);
    expect(stored?.status).toBe('ENDED');
    expect(stored?.game).toMatchObject({ winner: first, endReason: 'SUNK' });
    expect(await a.run(room, player(bob), { type: 'replay' })).toBe('PLACE_SHIPS');
    expect(room.round).toBe(2);
    expect(room.startedBy).toBe(bob.id);
  });

  it('resigns: the other player wins, and the end is stored', async () => {
    const a = authority();
    const room = await playing(a);
    expect(await a.run(room, player(ada), { type: 'resign' })).toBeNull();
    expect(room.state).toMatchObject({ status: 'ENDED', winner: bob.id, endReason: 'RESIGN' });
    expect((await a.storage.rooms.loadRoom(room.slug))?.game).toMatchObject({ winner: bob.id, endReason: 'RESIGN' });
  });

  it('leaves before the start: the seat is free again, storage agrees', async () => {
    const a = authority();
    const room = await newRoom(a);
    await a.run(room, player(ada), { type: 'join' });
    await a.run(room, player(bob), { type: 'join' });
    expect(await a.run(room, player(bob), { type: 'leave' })).toBeNull();
    expect(room.state.players).toEqual([ada.id]);
    expect((await a.storage.rooms.loadRoom(room.slug))?.members.map((m) => m.userId)).toEqual([ada.id]);
  });
});

describe('dispatch: the clocks, armed after every change', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a disconnect in PLAY starts the grace period; at its end the other player wins by forfeit', async () => {
    const a = authority();
    const room = await playing(a);
    expect(await a.run(room, player(bob), { type: 'disconnect' })).toBeNull();
    expect(room.members.get(bob.id)?.awayUntil).toBe(Date.now() + GRACE_MS);
    expect(room.timers.names).toContain(`away:${bob.id}`);
    await vi.advanceTimersByTimeAsync(GRACE_MS + 10);
    expect(room.state).toMatchObject({ status: 'ENDED', winner: ada.id, endReason: 'FORFEIT' });
    expect((await a.storage.rooms.loadRoom(room.slug))?.game).toMatchObject({ winner: ada.id, endReason: 'FORFEIT' });
    expect(room.timers.names).toEqual([]);
  });

  it('coming back in time cancels the forfeit', async () => {
    const a = authority();
    const room = await playing(a);
    await a.run(room, player(bob), { type: 'disconnect' });
    await vi.advanceTimersByTimeAsync(GRACE_MS / 2);
    expect(await a.run(room, player(bob, 'bob-new-socket'), { type: 'join' })).toBe('PLAY');
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(room.state.status).toBe('PLAY');
    expect(room.timers.names).toEqual([]);
  });

  it('with both away nobody can claim: no forfeit timer, and the room leaves memory', async () => {
    const a = authority();
    const room = await playing(a);
    await a.run(room, player(bob), { type: 'disconnect' });
    await a.run(room, player(ada), { type: 'disconnect' });
    expect(room.timers.names).toEqual([]);
    expect(a.registry.peek(room.slug)).toBeUndefined();
  });

  it('the turn clock passes a missed turn, and three in a row lose by CLOCK', async () => {
    const a = authority();
    const room = await playing(a, 30);
    const first = room.state.turn;
    expect(room.turnDeadline).toBe(Date.now() + TURN_MS);
    await vi.advanceTimersByTimeAsync(TURN_MS + 10);
    expect(room.state.turn).not.toBe(first);
    expect(room.state.missedTurns[first ?? '']).toBe(1);
    // The other player's turn passes too, then the first player's twice more.
    for (let i = 0; i < 4; i++) await vi.advanceTimersByTimeAsync(TURN_MS + 10);
    const other = first === ada.id ? bob.id : ada.id;
    expect(room.state).toMatchObject({ status: 'ENDED', winner: other, endReason: 'CLOCK' });
    const stored = await a.storage.rooms.loadRoom(room.slug);
    expect(stored?.game?.moves.filter((m) => m.kind === 'timeout')).toHaveLength(5);
    expect(room.timers.names).toEqual([]);
  });

  it('a shot re-arms the turn clock (a computer seat shoots through the same dispatch)', async () => {
    const a = authority();
    const room = await playing(a, 30);
    const shooter = room.state.turn === ada.id ? ada : bob;
    await vi.advanceTimersByTimeAsync(TURN_MS / 2);
    await a.run(room, player(shooter), { type: 'shoot', target: { x: 9, y: 9 } });
    // The deadline moved with the shot: the next turn has its whole time.
    expect(room.turnDeadline).toBe(Date.now() + TURN_MS);
  });
});

describe('dispatch: two nodes that both believe they play a room', () => {
  it('the stale one loses its write: CONFLICT, reload from storage, everyone gets the stored state', async () => {
    const storage = new MemoryStorage();
    const one = authority(storage);
    const room = await playing(one);
    const two = authority(storage);
    const copy = await two.registry.get(room.slug);
    if (!copy) throw new Error('no copy');
    for (const u of [ada, bob]) await two.run(copy, player(u), { type: 'join' });
    const shooter = room.state.turn === ada.id ? ada : bob;
    expect(await one.run(room, player(shooter), { type: 'shoot', target: { x: 9, y: 9 } })).toBe('M');
    expect(await two.run(copy, player(shooter), { type: 'shoot', target: { x: 8, y: 9 } })).toMatchObject({
      error: 'CONFLICT',
    });
    expect(copy.state.shots).toEqual(room.state.shots);
  });
});

describe('dispatch: a copy evicted while a command waited on it (the room moved, or was reloaded)', () => {
  /** `room` held by a slow command, `queued` dispatched behind it, then the copy evicted. */
  async function queuedBehindEviction<T>(a: Authority, room: Room, queued: () => Promise<T>): Promise<T> {
    let release = (): void => undefined;
    const slow = room.exclusive(() => new Promise<void>((r) => (release = r)));
    const pending = queued();
    a.registry.evict(room.slug);
    release();
    await slow;
    return pending;
  }

  it('a player’s command runs once, on the live copy, and the evicted copy arms no clock', async () => {
    const a = authority();
    const stale = await playing(a, 30);
    const shooter = stale.state.turn === ada.id ? ada : bob;
    const before = stale.state;
    const replies: unknown[] = [];
    const reply = await queuedBehindEviction(a, stale, () =>
      a.dispatch(stale, player(shooter), { type: 'shoot', target: { x: 9, y: 9 } }, (r) => replies.push(r)),
    );
    const live = a.registry.peek(stale.slug);
    expect(live).toBeDefined();
    expect(live).not.toBe(stale);
    // Answered once, from the live copy, which holds the shot; the evicted copy is left as it was.
    expect(reply).toBe('M');
    expect(replies).toEqual(['M']);
    expect(live?.state.shots).toHaveLength(before.shots.length + 1);
    expect(stale.state).toBe(before);
    expect(stale.timers.names).toEqual([]);
    expect(live?.timers.names.length).toBeGreaterThan(0);
    expect(await a.storage.rounds.shotsOf(stale.gameId ?? -1)).toHaveLength(1);
  });

  it('a deadline queued on the evicted copy is dropped: the live copy’s own clock decides', async () => {
    const a = authority();
    const stale = await playing(a);
    // Bob went away from this copy; his grace period's end is queued on it when it is evicted.
    await a.run(stale, player(bob), { type: 'disconnect' });
    const awayUntil = stale.members.get(bob.id)?.awayUntil ?? 0;
    expect(awayUntil).toBeGreaterThan(0);
    const reply = await queuedBehindEviction(a, stale, () =>
      a.dispatch(stale, CLOCK, { type: 'forfeit', userId: bob.id, awayUntil }),
    );
    expect(reply).toBeNull();
    expect(stale.state.status).toBe('PLAY');
    expect((await a.storage.rooms.loadRoom(stale.slug))?.game?.endReason ?? null).toBeNull();
    expect(a.published.filter((p) => p.game).at(-1)?.seq).toBe(stale.seq);
  });

  it('a room an operator closed meanwhile answers ROOM_NOT_FOUND, once', async () => {
    const a = authority();
    const stale = await playing(a);
    const shooter = stale.state.turn === ada.id ? ada : bob;
    const replies: unknown[] = [];
    const reply = await queuedBehindEviction(a, stale, async () => {
      const pending = a.dispatch(stale, player(shooter), { type: 'shoot', target: { x: 9, y: 9 } }, (r) =>
        replies.push(r),
      );
      await a.storage.rooms.closeRoom(stale.slug, 'closed by an operator');
      return pending;
    });
    expect(reply).toMatchObject({ error: 'ROOM_NOT_FOUND' });
    expect(replies).toEqual([reply]);
    expect(await a.storage.rounds.shotsOf(stale.gameId ?? -1)).toEqual([]);
  });
});
