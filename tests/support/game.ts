import { expect } from 'vitest';
import {
  type Coord,
  coordOf,
  createRng,
  makeRules,
  type Rules,
  randomFleet,
  type ShipMap,
  type ShotResult,
} from '../../src/game';
import { type GameClient, isErrorAck } from '../../src/protocol';
import { connectClient, newPlayer, type TestPlayer, waitForState } from './players';

export interface Seat {
  readonly player: TestPlayer;
  readonly client: GameClient;
  fleet: ShipMap;
}

/**
 * Two fresh users, a room created by the first (under `rules` when given, classic otherwise), both
 * joined, the game not started yet; each seat has a random fleet of the room's rules, from `seeds`.
 */
export async function twoPlayersInRoom(
  url: string,
  { rules, seeds = [1, 2] }: { rules?: Partial<Rules>; seeds?: readonly [number, number] } = {},
): Promise<{ slug: string; a: Seat; b: Seat }> {
  const [pa, pb] = await Promise.all([newPlayer(url, 'alice'), newPlayer(url, 'bob')]);
  const { slug } = await pa.api.createRoom({
    userId: pa.id,
    username: pa.username,
    socketId: null,
    ...(rules ? { rules } : {}),
  });
  const [ca, cb] = await Promise.all([connectClient(url, pa.token, slug), connectClient(url, pb.token, slug)]);
  expect(await ca.joinRoom(slug)).toBe('UNSTARTED');
  expect(await cb.joinRoom(slug)).toBe('UNSTARTED');
  const full = makeRules(rules);
  return {
    slug,
    a: { player: pa, client: ca, fleet: randomFleet(createRng(seeds[0]), full) },
    b: { player: pb, client: cb, fleet: randomFleet(createRng(seeds[1]), full) },
  };
}

/** Starts and places both fleets; resolves with the seat that shoots first. */
export async function startAndPlace(slug: string, a: Seat, b: Seat): Promise<{ first: Seat; second: Seat }> {
  expect(await a.client.startGame(slug)).toBeNull();
  await waitForState(b.client, (s) => s.gameStatus === 'PLACE_SHIPS');
  return placeBoth(a, b);
}

/** Places both fleets during PLACE_SHIPS; resolves with the seat that shoots first. */
export async function placeBoth(a: Seat, b: Seat): Promise<{ first: Seat; second: Seat }> {
  expect(await a.client.placeShips(a.fleet)).toBeNull();
  expect(await b.client.placeShips(b.fleet)).toBeNull();
  const state = await waitForState(a.client, (s) => s.gameStatus === 'PLAY' && s.members.some((m) => m.hasToPlay));
  const firstId = state.members.find((m) => m.hasToPlay)?.userId;
  return firstId === a.player.id ? { first: a, second: b } : { first: b, second: a };
}

/** Cells in reading order, skipping those already used. */
export function scanner(): () => Coord {
  let next = 0;
  return () => coordOf(next++);
}

/**
 * Plays alternating shots (turns alternate after every shot) until one side sinks the whole
 * fleet, scanning cells in reading order. Returns every shot with its acknowledged result.
 */
export async function playToTheEnd(
  first: Seat,
  second: Seat,
): Promise<{ winner: Seat; shots: { seat: Seat; at: Coord; result: ShotResult }[] }> {
  const aims = new Map<Seat, () => Coord>([
    [first, scanner()],
    [second, scanner()],
  ]);
  const hits = new Map<Seat, number>([
    [first, 0],
    [second, 0],
  ]);
  const shots: { seat: Seat; at: Coord; result: ShotResult }[] = [];
  let shooter = first;
  for (let turn = 0; turn < 200; turn++) {
    const at = aims.get(shooter)?.() ?? { x: 0, y: 0 };
    const reply = await shooter.client.shoot(at);
    if (isErrorAck(reply)) throw new Error(`shot ${JSON.stringify(at)} refused: ${reply.error}`);
    shots.push({ seat: shooter, at, result: reply });
    if (reply !== 'M') hits.set(shooter, (hits.get(shooter) ?? 0) + 1);
    if ((hits.get(shooter) ?? 0) === 17) return { winner: shooter, shots };
    shooter = shooter === first ? second : first;
  }
  throw new Error('the game did not end within 200 shots');
}
