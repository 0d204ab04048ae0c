import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientGameState, StateListener } from '../../../src/protocol/game-client';
import { closeActiveSession } from '../../../src/app/session/active-session';
import {
  acquireSession,
  closeSession,
  placeShips,
  releaseSession,
  SESSION_GRACE_MS,
  startGame,
} from '../../../src/app/session/game-session';
import { gameStore, requestShot } from '../../../src/app/stores/game';
import type { User } from '../../../src/app/stores/user';

/* A GameClient double: records calls, lets the test push server states. */
const clients = vi.hoisted(() => [] as FakeClient[]);
interface FakeClient {
  slug: string;
  closed: boolean;
  listener: StateListener | null;
  shots: unknown[];
  push(state: Partial<ClientGameState>, change: Parameters<StateListener>[1]): void;
}

vi.mock('../../../src/protocol/game-client', async (original) => {
  const actual = await original<typeof import('../../../src/protocol/game-client')>();
  class GameClient {
    readonly fake: FakeClient;
    constructor(options: { slug: string }) {
      const fake: FakeClient = {
        slug: options.slug,
        closed: false,
        listener: null,
        shots: [],
        push: (state, change) => fake.listener?.({ ...actual.initialGameState(options.slug), ...state }, change),
      };
      this.fake = fake;
      clients.push(fake);
    }
    subscribe(listener: StateListener) {
      this.fake.listener = listener;
      return () => {
        this.fake.listener = null;
      };
    }
    connect() {
      return Promise.resolve();
    }
    joinRoom() {
      return Promise.resolve('UNSTARTED');
    }
    startGame() {
      return Promise.resolve({ error: 'NEED_TWO_PLAYERS' });
    }
    placeShips() {
      return Promise.resolve(null);
    }
    shoot(target: unknown) {
      this.fake.shots.push(target);
      return Promise.resolve('M');
    }
    replay() {
      return Promise.resolve('PLACE_SHIPS');
    }
    close() {
      this.fake.closed = true;
    }
  }
  return { ...actual, GameClient };
});

const alice: User = { id: 'a', username: 'alice', access_token: 't' };

beforeEach(() => {
  clients.length = 0;
  vi.useFakeTimers();
});

afterEach(() => {
  closeSession();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('room session shared by the lobby and the game page', () => {
  it('reuses one socket across pages and closes it only after the grace period', async () => {
    const lobby = acquireSession('room', alice);
    expect(await lobby.joined).toBe('UNSTARTED');
    releaseSession(lobby);
    const game = acquireSession('room', alice);
    expect(game).toBe(lobby);
    expect(clients).toHaveLength(1);
    releaseSession(game);
    vi.advanceTimersByTime(SESSION_GRACE_MS - 1);
    expect(clients[0]?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(clients[0]?.closed).toBe(true);
    expect(gameStore.slug).toBeNull();
  });

  it('opening another room closes the previous socket at once', () => {
    acquireSession('one', alice);
    acquireSession('two', alice);
    expect(clients.map((c) => [c.slug, c.closed])).toEqual([
      ['one', true],
      ['two', false],
    ]);
  });

  it('feeds the game store and sends shots only on my turn', () => {
    acquireSession('room', alice);
    const client = clients[0];
    client?.push(
      {
        gameStatus: 'PLAY',
        members: [
          { userId: 'a', username: 'alice', socketId: 's', hasToPlay: false, connected: true, awayUntil: null },
        ],
      },
      'members',
    );
    expect(gameStore.gameStatus).toBe('PLAY');
    expect(requestShot({ x: 1, y: 1 })).toBe(false);
    client?.push(
      {
        gameStatus: 'PLAY',
        members: [{ userId: 'a', username: 'alice', socketId: 's', hasToPlay: true, connected: true, awayUntil: null }],
      },
      'members',
    );
    expect(requestShot({ x: 1, y: 1 })).toBe(true);
    expect(client?.shots).toEqual([{ x: 1, y: 1 }]);
  });

  it('only logs errors of startGame (docs/game.md) and marks a placed fleet as submitted', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = acquireSession('room', alice);
    await startGame(session);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('NEED_TWO_PLAYERS'), '');
    clients[0]?.push({ gameStatus: 'PLACE_SHIPS' }, 'gameStatus');
    await placeShips(session);
    expect(gameStore.fleetSubmitted).toBe(true);
  });

  it('logout closes the socket through the lightweight hook', () => {
    acquireSession('room', alice);
    closeActiveSession();
    expect(clients[0]?.closed).toBe(true);
  });
});
