import { afterEach, describe, expect, it } from 'vitest';
import { EndWatch } from '../../../src/bots';
import { emptyGrid } from '../../../src/game';
import { GameClient, initialMatch, type ServerEventName } from '../../../src/protocol';

/* A real GameClient that never connects (closed port, autoConnect off); the server's events are
 * delivered by calling the socket's own listeners, as socket.io would, several in one go as when
 * they are read from one packet batch. */

const clients: GameClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
function client(): GameClient {
  const c = new GameClient({ url: 'http://127.0.0.1:9/', token: 'tok', slug: 'brave-otter-42' });
  clients.push(c);
  return c;
}
function deliver(c: GameClient, event: ServerEventName, payload: unknown): void {
  for (const listener of c.socket.listeners(event)) (listener as (p: unknown) => void)(payload);
}

const alice = { userId: 'u1', username: 'alice' };
const bob = { userId: 'u2', username: 'bob' };
const clock = { ...initialMatch(), serverNow: 1_790_000_000_000 };
const members = [
  { ...alice, socketId: 's1', hasToPlay: false },
  { ...bob, socketId: 's2', hasToPlay: false },
];
const hitOnce = emptyGrid().map((row, y) => (y === 0 ? row.map((cell, x) => (x === 0 ? 'H' : cell)) : row));

/** The end frames of a game bob won by sinking the last ship, as the server sends them. */
function endFrames(c: GameClient): void {
  deliver(c, 'match', { ...clock, endReason: 'SUNK' });
  deliver(c, 'gameStatus', 'ENDED');
  deliver(c, 'members', members);
  deliver(c, 'playerBoats', hitOnce);
  deliver(c, 'winner', bob);
}
/** What a rematch asked for at once resets. */
function rematchFrames(c: GameClient): void {
  deliver(c, 'match', clock);
  deliver(c, 'gameStatus', 'PLACE_SHIPS');
  deliver(c, 'winner', null);
  deliver(c, 'playerBoats', emptyGrid());
}

describe('EndWatch', () => {
  it('keeps the winner, reason and final boards when a rematch resets the state in the same batch', async () => {
    const c = client();
    deliver(c, 'gameStatus', 'PLAY');
    const watch = new EndWatch(c);
    expect(watch.ended).toBe(false);
    endFrames(c);
    rematchFrames(c);
    // Read afterwards, the state has moved on to the next game…
    expect(c.state).toMatchObject({ gameStatus: 'PLACE_SHIPS', winner: null });
    // …but the watch saw the end as it passed.
    expect(watch.ended).toBe(true);
    const end = await watch.wait(1_000);
    expect(end.winner).toEqual(bob);
    expect(end.endReason).toBe('SUNK');
    expect(end.final.playerBoats).toEqual(hitOnce);
  });

  it("ignores the previous game's end until this game's PLAY", async () => {
    const c = client();
    deliver(c, 'gameStatus', 'PLAY');
    endFrames(c);
    const watch = new EndWatch(c);
    expect(watch.ended).toBe(false);
    expect(watch.end).toBeNull();
    rematchFrames(c);
    deliver(c, 'gameStatus', 'PLAY');
    expect(watch.ended).toBe(false);
    deliver(c, 'match', { ...clock, endReason: 'RESIGN' });
    deliver(c, 'gameStatus', 'ENDED');
    expect(watch.ended).toBe(true);
    // The winner frame trails the status: the end is not known before it.
    expect(watch.end).toBeNull();
    const end = watch.wait(1_000);
    deliver(c, 'winner', alice);
    await expect(end).resolves.toMatchObject({ winner: alice, endReason: 'RESIGN' });
  });

  it('needs no reason from a server that sends no match event', async () => {
    const c = client();
    const watch = new EndWatch(c);
    deliver(c, 'gameStatus', 'PLAY');
    deliver(c, 'gameStatus', 'ENDED');
    deliver(c, 'winner', alice);
    await expect(watch.wait(1_000)).resolves.toMatchObject({ winner: alice, endReason: null });
  });

  it('rejects with a TIMEOUT when the game does not end in time, and stops listening', async () => {
    const c = client();
    deliver(c, 'gameStatus', 'PLAY');
    const watch = new EndWatch(c);
    await expect(watch.wait(20)).rejects.toThrow('timed out after 20 ms waiting for the end of the game');
    watch.stop();
    endFrames(c);
    expect(watch.ended).toBe(false);
  });
});
