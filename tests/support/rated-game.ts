import { createRng, makeRules, randomFleet, type Rules } from '../../src/game';
import { connectClient, type TestPlayer, waitForState } from './players';

/** Throws unless `actual` is `expected` (this helper runs under vitest and Playwright alike). */
function ensure(actual: unknown, expected: unknown, step: string): void {
  if (actual !== expected) throw new Error(`${step}: expected ${String(expected)}, got ${JSON.stringify(actual)}`);
}

/**
 * One game that counts for the ratings (both players fire), finished in a few moves: `winner`
 * creates a room under `rules` (classic when absent), both place, each fires one miss (off both
 * fleets, so the turn passes under any rules), then `loser` resigns. Resolves once it has ENDED;
 * the server rates it right after.
 */
export async function ratedGame(url: string, winner: TestPlayer, loser: TestPlayer, rules: Rules = makeRules()) {
  const { slug } = await winner.api.createRoom({ userId: winner.id, username: winner.username, socketId: null, rules });
  const [hc, gc] = await Promise.all([connectClient(url, winner.token, slug), connectClient(url, loser.token, slug)]);
  try {
    ensure(await hc.joinRoom(slug), 'UNSTARTED', 'joinRoom');
    ensure(await gc.joinRoom(slug), 'UNSTARTED', 'joinRoom');
    ensure(await hc.startGame(slug), null, 'startGame');
    await waitForState(gc, (s) => s.gameStatus === 'PLACE_SHIPS');
    const seats = [
      { player: winner, client: hc, fleet: randomFleet(createRng(3), rules) },
      { player: loser, client: gc, fleet: randomFleet(createRng(4), rules) },
    ];
    for (const seat of seats) ensure(await seat.client.placeShips(seat.fleet), null, 'placeShips');
    const playing = await waitForState(hc, (s) => s.gameStatus === 'PLAY' && s.members.some((m) => m.hasToPlay));
    const firstId = playing.members.find((m) => m.hasToPlay)?.userId;
    const [first, second] = firstId === winner.id ? seats : [seats[1], seats[0]];
    if (!first || !second) throw new Error('two seats expected');
    for (const [shooter, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const taken = new Set(Object.values(other.fleet).flatMap((cells) => cells.map((c) => `${c.x},${c.y}`)));
      let cell = 0;
      while (taken.has(`${cell % 10},${Math.floor(cell / 10)}`)) cell++;
      ensure(await shooter.client.shoot({ x: cell % 10, y: Math.floor(cell / 10) }), 'M', 'shoot');
      await waitForState(other.client, (s) => s.members.some((m) => m.userId === other.player.id && m.hasToPlay));
    }
    ensure(await gc.resign(slug), null, 'resign');
    await waitForState(hc, (s) => s.gameStatus === 'ENDED');
  } finally {
    hc.close();
    gc.close();
  }
  return slug;
}
