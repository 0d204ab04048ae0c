import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GameSession, openGameSession, type RoomClient } from '../../../src/app/session/game-session';
import { RoomSessions, SESSION_GRACE_MS } from '../../../src/app/session/room-sessions';
import { gameStore, resetGameStore } from '../../../src/app/stores/game';
import type { User } from '../../../src/app/stores/user';
import { type ClientGameState, initialGameState, type StateListener } from '../../../src/protocol/game-client';
import type { Member } from '../../../src/protocol/types';

/* A GameClient double given to the session: records calls, lets the test push server states. */
class FakeClient {
  closed = false;
  listener: StateListener | null = null;
  readonly shots: unknown[] = [];
  readonly calls: string[] = [];
  replies: Record<string, unknown> = { startGame: { error: 'NEED_TWO_PLAYERS' }, resign: null, leaveRoom: null };

  constructor(readonly slug: string) {}

  push(state: Partial<ClientGameState>, change: Parameters<StateListener>[1]): void {
    this.listener?.({ ...initialGameState(this.slug), ...state }, change);
  }
  subscribe(listener: StateListener) {
    this.listener = listener;
    return () => {
      this.listener = null;
    };
  }
  connect() {
    return Promise.resolve();
  }
  joinRoom() {
    return Promise.resolve('UNSTARTED' as const);
  }
  private reply(name: string, fallback: unknown) {
    this.calls.push(name);
    return Promise.resolve(name in this.replies ? this.replies[name] : fallback);
  }
  startGame() {
    return this.reply('startGame', null);
  }
  placeShips() {
    return this.reply('placeShips', null);
  }
  shoot(target: unknown) {
    this.shots.push(target);
    return this.reply('shoot', 'M');
  }
  replay() {
    return this.reply('replay', 'PLACE_SHIPS');
  }
  resign() {
    return this.reply('resign', null);
  }
  leaveRoom() {
    return this.reply('leaveRoom', null);
  }
  close() {
    this.closed = true;
  }
}

const alice: User = { id: 'a', username: 'alice', access_token: 't' };
const me = (hasToPlay: boolean): Member => ({
  userId: 'a',
  username: 'alice',
  socketId: 's',
  hasToPlay,
  connected: true,
  awayUntil: null,
});

let clients: FakeClient[] = [];
let sessions: RoomSessions<GameSession>;

/** What useGameSession does: the app's sessions open a session on a (fake) client. */
function acquire(slug: string, user: User = alice): GameSession {
  return sessions.acquire(`${user.id} ${slug}`, (onClosed) => {
    const client = new FakeClient(slug);
    clients.push(client);
    return openGameSession(slug, user, { onClosed, client: client as unknown as RoomClient });
  });
}

beforeEach(() => {
  clients = [];
  sessions = new RoomSessions<GameSession>();
  vi.useFakeTimers();
});

afterEach(() => {
  sessions.closeAll();
  resetGameStore(null, null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('room sessions shared by the lobby and the game page', () => {
  it('reuses one socket across pages and closes it only after the grace period', async () => {
    const lobby = acquire('room');
    expect(await lobby.joined).toBe('UNSTARTED');
    sessions.release(lobby);
    const game = acquire('room');
    expect(game).toBe(lobby);
    expect(clients).toHaveLength(1);
    sessions.release(game);
    vi.advanceTimersByTime(SESSION_GRACE_MS - 1);
    expect(clients[0]?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(clients[0]?.closed).toBe(true);
    expect(gameStore.slug).toBeNull();
  });

  it('opening another room closes the previous socket at once', () => {
    acquire('one');
    acquire('two');
    expect(clients.map((c) => [c.slug, c.closed])).toEqual([
      ['one', true],
      ['two', false],
    ]);
    expect(gameStore.slug).toBe('two');
  });

  it('logout closes the socket at once', () => {
    acquire('room');
    sessions.closeAll();
    expect(clients[0]?.closed).toBe(true);
    expect(gameStore.slug).toBeNull();
  });

  it('a session that left its room is not handed out again', async () => {
    const lobby = acquire('room');
    expect(await lobby.leave()).toBe(true);
    expect(clients[0]?.closed).toBe(true);
    const again = acquire('room');
    expect(again).not.toBe(lobby);
    expect(clients).toHaveLength(2);
  });

  it('two registries are independent: no session is global', () => {
    const other = new RoomSessions<GameSession>();
    acquire('room');
    expect(() => other.closeAll()).not.toThrow();
    expect(clients[0]?.closed).toBe(false);
  });
});

describe('the session owns the actions', () => {
  it('feeds the game store and sends shots only on my turn, at cells not yet shot', () => {
    const session = acquire('room');
    const client = clients[0];
    client?.push({ gameStatus: 'PLAY', members: [me(false)] }, 'members');
    expect(gameStore.gameStatus).toBe('PLAY');
    expect(session.shoot({ x: 1, y: 1 })).toBe(false);
    client?.push({ gameStatus: 'PLAY', members: [me(true)] }, 'members');
    expect(session.shoot({ x: 1, y: 1 })).toBe(true);
    expect(client?.shots).toEqual([{ x: 1, y: 1 }]);
    const shot = initialGameState('room').opponentBoats.map((row) => [...row]);
    const row = shot[1];
    if (row) row[1] = 'M';
    client?.push({ gameStatus: 'PLAY', members: [me(true)], opponentBoats: shot }, 'opponentBoats');
    expect(session.shoot({ x: 1, y: 1 })).toBe(false);
    expect(client?.shots).toHaveLength(1);
  });

  it('a closed session sends nothing', () => {
    const session = acquire('room');
    clients[0]?.push({ gameStatus: 'PLAY', members: [me(true)] }, 'members');
    sessions.closeAll();
    expect(session.shoot({ x: 0, y: 0 })).toBe(false);
    expect(clients[0]?.shots).toEqual([]);
  });

  it('only logs errors of start (docs/game.md) and marks a placed fleet as submitted', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = acquire('room');
    await session.start();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('NEED_TWO_PLAYERS'), '');
    clients[0]?.push({ gameStatus: 'PLACE_SHIPS' }, 'gameStatus');
    await session.place();
    expect(gameStore.fleetSubmitted).toBe(true);
  });

  it('replay marks this player as having asked, and takes it back on a refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = acquire('room');
    await session.replay();
    expect(gameStore.replayAsked).toBe(true);
    const client = clients[0];
    if (client) client.replies.replay = { error: 'WRONG_STATUS' };
    await session.replay();
    expect(gameStore.replayAsked).toBe(false);
  });

  it('resign and leave say whether the server agreed; a refused leave keeps the socket', async () => {
    const session = acquire('room');
    const client = clients[0];
    expect(await session.resign()).toBe(true);
    if (client) client.replies.resign = { error: 'WRONG_STATUS' };
    expect(await session.resign()).toBe(false);
    if (client) client.replies.leaveRoom = { error: 'WRONG_STATUS' };
    expect(await session.leave()).toBe(false);
    expect(client?.closed).toBe(false);
    expect(client?.calls).toEqual(['resign', 'resign', 'leaveRoom']);
  });
});
