import { expect } from 'vitest';
import type { TurnSeconds } from '../../src/game';
import { type GameClient, isErrorAck } from '../../src/protocol';
import type { TestServer } from './server';
import { type Seat, startAndPlace } from './game';
import { connectClient, newPlayer, type TestPlayer, waitForState } from './players';
import { createRng, randomFleet } from '../../src/game';

/** Two players (fresh ones unless `players` are given) in PLAY in a fresh room (with a turn clock when `turnSeconds` is given). */
export async function playingRoom(
  url: string,
  turnSeconds: TurnSeconds | null = null,
  players?: readonly [TestPlayer, TestPlayer],
): Promise<{ slug: string; a: Seat; b: Seat; first: Seat; second: Seat }> {
  const [pa, pb] = players ?? (await Promise.all([newPlayer(url, 'alice'), newPlayer(url, 'bob')]));
  const { slug } = await pa.api.createRoom({ userId: pa.id, username: pa.username, socketId: null, turnSeconds });
  const [ca, cb] = await Promise.all([connectClient(url, pa.token, slug), connectClient(url, pb.token, slug)]);
  expect(await ca.joinRoom(slug)).toBe('UNSTARTED');
  expect(await cb.joinRoom(slug)).toBe('UNSTARTED');
  const a: Seat = { player: pa, client: ca, fleet: randomFleet(createRng(1)) };
  const b: Seat = { player: pb, client: cb, fleet: randomFleet(createRng(2)) };
  const { first, second } = await startAndPlace(slug, a, b);
  return { slug, a, b, first, second };
}

/** The seat with a new connection that has joined `slug` again (the old client is closed first). */
export async function rejoin(url: string, seat: Seat, slug: string): Promise<Seat> {
  seat.client.close();
  const client = await connectClient(url, seat.player.token, slug);
  const reply = await client.joinRoom(slug);
  if (isErrorAck(reply)) throw new Error(`rejoin refused: ${reply.error}`);
  return { ...seat, client };
}

/** Resolves once the other member shows `userId` as away, with the deadline it was given. */
export async function awayDeadline(observer: GameClient, userId: string): Promise<number> {
  const state = await waitForState(observer, (s) =>
    s.members.some((m) => m.userId === userId && !m.connected && m.awayUntil !== null),
  );
  return state.members.find((m) => m.userId === userId)?.awayUntil ?? 0;
}

/** Resolves with the state once the whole end of the game has arrived (the last event is `members`). */
export function endOf(client: GameClient, timeoutMs = 15_000) {
  return waitForState(
    client,
    (s) =>
      s.gameStatus === 'ENDED' &&
      s.winner !== null &&
      s.match.endReason !== null &&
      s.members.length > 0 &&
      s.members.every((m) => !m.hasToPlay && m.awayUntil === null),
    timeoutMs,
  );
}

/** Sends raw arguments on the socket, bypassing GameClient's typing, and returns the ack. */
export function raw(client: GameClient, event: string, ...args: unknown[]): Promise<unknown> {
  const socket = client.socket as unknown as {
    timeout(ms: number): { emitWithAck(e: string, ...a: unknown[]): Promise<unknown> };
  };
  return socket.timeout(3000).emitWithAck(event, ...args);
}

/** The stored round of a room: how it ended, and its moves ('T' rows included). */
export async function storedRound(server: TestServer, slug: string) {
  const game = await server.store.db
    .selectFrom('games')
    .selectAll()
    .where('room_slug', '=', slug)
    .orderBy('round', 'desc')
    .executeTakeFirstOrThrow();
  const moves = await server.store.db
    .selectFrom('shots')
    .selectAll()
    .where('game_id', '=', game.id)
    .orderBy('seq')
    .execute();
  return { game, moves };
}

/** Resolves once `predicate` holds, checking every 50 ms (for server-side facts no event reports). */
export async function eventually<T>(
  read: () => Promise<T>,
  predicate: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (predicate(value)) return value;
    if (Date.now() > until) throw new Error(`condition not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
