import { describe, expect, it } from 'vitest';
import { offlineEndText } from '../../../src/app/offline/end-text';
import { gameOfQuery, loadOfflineGame, OfflineGameError } from '../../../src/app/offline/load-game';
import type { ShipMap } from '../../../src/game';
import { type OfflineGame, offlineGamePath } from '../../../src/protocol/offline-game';

/** Ships 0–4 of the classic fleet, one per row from `row`. */
const fleet = (row: number): ShipMap =>
  Object.fromEntries(
    [5, 4, 3, 3, 2].map((length, i) => [String(i), Array.from({ length }, (_, x) => ({ x, y: row + i }))]),
  ) as unknown as ShipMap;

const game: OfflineGame = {
  id: '1.2.1',
  record: {
    gameId: 4,
    slug: '1.2.1',
    round: 1,
    startedAt: 1000,
    endedAt: 2000,
    endReason: 'RESIGN',
    rules: { fleet: 'classic', touch: true, shots: 'one', again: 'never' },
    winner: 'density',
    firstPlayer: 'hang',
    players: [
      { userId: 'hang', username: 'hang', bot: null, title: null, fleet: fleet(0) },
      { userId: 'density', username: 'density', bot: null, title: null, fleet: fleet(5) },
    ],
    shots: [{ seq: 0, shooterId: 'hang', x: 1, y: 2, result: 'M' }],
    passes: [],
  },
  end: { winner: 'density', reason: 'timeout', detail: 'hang: timeout: no answer to "go time 1000"' },
  run: { title: 'density, hang', previous: '1.1.2', next: null, games: 4 },
};

/** A fetch answering one address with one response, and 404 to any other. */
function answering(path: string, response: () => Response): typeof fetch {
  return (async (input: RequestInfo | URL) =>
    String(input) === path ? response() : new Response('{}', { status: 404 })) as typeof fetch;
}

describe('the offline viewer page (view.html)', () => {
  it('reads the game from its address', () => {
    expect(gameOfQuery('?game=1.2.1')).toBe('1.2.1');
    expect(gameOfQuery('?game=my%20game.json&shot=3')).toBe('my game.json');
    expect(gameOfQuery('')).toBeNull();
    expect(gameOfQuery('?game=%20')).toBeNull();
  });

  it('fetches the game next to the page and checks it is one', async () => {
    expect(offlineGamePath('a b.json')).toBe('api/games/a%20b.json');
    const ok = answering('api/games/1.2.1', () => Response.json(game));
    expect(await loadOfflineGame('1.2.1', ok)).toEqual(game);
  });

  it.each([
    ['notFound', answering('elsewhere', () => Response.json(game))],
    ['unreadable', answering('api/games/1.2.1', () => new Response('oops', { status: 500 }))],
    ['unreadable', answering('api/games/1.2.1', () => new Response('<html>', { status: 200 }))],
    ['unreadable', answering('api/games/1.2.1', () => Response.json({ ...game, record: { shots: 'none' } }))],
    [
      'unreachable',
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    ],
  ])('says %s when the command cannot give the game', async (why, fetchImpl) => {
    const error = await loadOfflineGame('1.2.1', fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineGameError);
    expect((error as Error).message).toBe(why);
  });

  it("tells how the game ended by the harness's reason, else by the record's", () => {
    const t = (key: string, values?: Record<string, string>) => `${key}${JSON.stringify(values ?? {})}`;
    expect(offlineEndText(t, game)).toBe('offline.end.timeout{"winner":"density","loser":"hang"}');
    const sunkOnServer = { ...game, end: { ...game.end, reason: null } };
    expect(offlineEndText(t, sunkOnServer)).toBe('watch.won{"username":"density","reason":"history.reasons.RESIGN{}"}');
  });
});
