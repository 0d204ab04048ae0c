import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordOf, type ShotResult } from '../../src/game';
import { type GameClient, isErrorAck, type StateFrame, StateFrameSchema } from '../../src/protocol';
import { type Seat, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/*
 * broadside/2 (docs/protocol.md): a member's socket gets one `state {seq, view}` per change of its
 * room and nothing else; the shooter's ack carries the result; a client that misses a frame joins
 * again and is whole. Real server, real socket.io clients.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** Every event a client's socket receives, decoded, in order. */
function record(client: GameClient): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  client.socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

function frameOf(entry: { event: string; payload: unknown } | undefined): StateFrame {
  expect(entry?.event).toBe('state');
  const parsed = StateFrameSchema.safeParse(entry?.payload);
  expect(parsed.success, 'state matches StateFrameSchema').toBe(true);
  if (!parsed.success) throw new Error('not a state frame');
  return parsed.data;
}

/** Resolves once `seen` holds `count` entries (the frames of a change may still be on their way). */
async function until(seen: readonly unknown[], count: number): Promise<void> {
  await expect.poll(() => seen.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
}

describe('broadside/2 state frames', () => {
  it('one frame per change to each member, seq growing by one, the ack carrying the result', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    // Both have taken the frame of the second join.
    await expect.poll(() => a.client.seq !== null && a.client.seq === b.client.seq, { timeout: 5_000 }).toBe(true);
    const seenA = record(a.client);
    const seenB = record(b.client);
    const { first, second } = await startAndPlace(slug, a, b);
    // start, one fleet, the other: three changes, one frame each to each member (a fleet placed
    // tells the other member nothing new, yet it gets the frame: its seq must have no gap).
    await until(seenA, 3);
    await until(seenB, 3);
    expect(seenA.map((s) => s.event)).toEqual(['state', 'state', 'state']);
    expect(seenB.map((s) => s.event)).toEqual(['state', 'state', 'state']);
    const seqA = seenA.map((s) => frameOf(s).seq);
    expect(seqA).toEqual(seenB.map((s) => frameOf(s).seq));
    expect(seqA).toEqual([seqA[0], (seqA[0] ?? 0) + 1, (seqA[0] ?? 0) + 2]);

    const seen = new Map<Seat, { event: string; payload: unknown }[]>([
      [a, seenA],
      [b, seenB],
    ]);
    const aims = new Map<Seat, number>([
      [first, 0],
      [second, 0],
    ]);
    let shooter = first;
    let seq = seqA.at(-1) ?? 0;
    for (let shot = 0; shot < 12; shot++) {
      const other = shooter === first ? second : first;
      const mine = seen.get(shooter) ?? [];
      const theirs = seen.get(other) ?? [];
      const [mineBefore, theirsBefore] = [mine.length, theirs.length];
      const at = coordOf(aims.get(shooter) ?? 0);
      aims.set(shooter, (aims.get(shooter) ?? 0) + 1);
      const reply = await shooter.client.shoot(at);
      expect(['M', 'H', 'D']).toContain(reply);
      await until(mine, mineBefore + 1);
      await until(theirs, theirsBefore + 1);
      // Give a stray second frame the time to arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(mine.length - mineBefore, 'frames to the shooter besides its ack').toBe(1);
      expect(theirs.length - theirsBefore, 'frames to the other member').toBe(1);
      const toShooter = frameOf(mine.at(-1));
      const toOther = frameOf(theirs.at(-1));
      seq += 1;
      expect(toShooter.seq).toBe(seq);
      expect(toOther.seq).toBe(seq);
      // The ack and the frame tell the same result.
      expect(toShooter.view.battlePlace).toEqual({ shooterId: shooter.player.id, ...at, result: reply as ShotResult });
      expect(toOther.view.battlePlace).toEqual(toShooter.view.battlePlace);
      expect(toShooter.view.opponentBoats[at.y]?.[at.x]).toBe(reply);
      expect(toOther.view.playerBoats[at.y]?.[at.x]).toBe(reply);
      // The turn passes after every shot (the default rules): the view says whose it is.
      expect(toOther.view.members.find((m) => m.userId === other.player.id)?.hasToPlay).toBe(true);
      expect(shooter.client.state.battlePlace).toEqual(toShooter.view.battlePlace);
      shooter = other;
    }
    a.client.close();
    b.client.close();
  });

  it('the joining socket gets the ack, then the current state; a spectator one frame per change', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first } = await startAndPlace(slug, a, b);
    expect(await first.client.shoot({ x: 0, y: 0 })).toMatch(/^[MHD]$/);
    const viewer = await newPlayer(server.url, 'carol');
    const watcher = await connectClient(server.url, viewer.token, slug);
    const watched = record(watcher);
    expect(isErrorAck(await watcher.watchRoom(slug))).toBe(false);
    // A second socket of the first shooter takes its seat back: the ack, then one frame, the whole view.
    const again = await connectClient(server.url, first.player.token, slug);
    const seenAgain = record(again);
    expect(await again.joinRoom(slug)).toBe('PLAY');
    await until(seenAgain, 1);
    const joined = frameOf(seenAgain[0]);
    expect(joined.view.status).toBe('PLAY');
    expect(joined.view.shipsIndexes).toEqual(first.fleet);
    expect(joined.view.battlePlace).toMatchObject({ shooterId: first.player.id, x: 0, y: 0 });
    expect(again.seq).toBe(joined.seq);
    // The other member shoots: one frame to the new socket, one to the spectator.
    const other = first === a ? b : a;
    const [watchedBefore, againBefore] = [watched.length, seenAgain.length];
    await waitForState(other.client, (s) => s.members.some((m) => m.userId === other.player.id && m.hasToPlay));
    expect(await other.client.shoot({ x: 0, y: 0 })).toMatch(/^[MHD]$/);
    await until(seenAgain, againBefore + 1);
    // The spectator's frames travel on a socket of their own, with no order against the members':
    // the frame of the join may still be on its way, so the shot's frame is told by its last shot.
    const showsShot = (s: { event: string; payload: unknown } | undefined): boolean =>
      s?.event === 'spectate' &&
      (s.payload as { lastShot?: { shooterId: string } | null }).lastShot?.shooterId === other.player.id;
    await expect.poll(() => watched.filter(showsShot).length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seenAgain.slice(againBefore).map((s) => s.event)).toEqual(['state']);
    expect(frameOf(seenAgain.at(-1)).seq).toBe(joined.seq + 1);
    // One frame for the shot, the last one the spectator got, and nothing but frames.
    expect(watched.filter(showsShot)).toHaveLength(1);
    expect(showsShot(watched.at(-1))).toBe(true);
    expect(new Set(watched.slice(watchedBefore).map((s) => s.event))).toEqual(new Set(['spectate']));
    for (const c of [a.client, b.client, again, watcher]) c.close();
  });

  it('a client that missed a frame joins again and ends on the current state', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first, second } = await startAndPlace(slug, a, b);
    const outgoing: string[] = [];
    second.client.socket.onAnyOutgoing((event: string) => outgoing.push(event));
    // The second member's client does not hear the first shot's frame.
    const listeners = second.client.socket.listeners('state');
    second.client.socket.off('state');
    expect(await first.client.shoot({ x: 0, y: 0 })).toMatch(/^[MHD]$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const listener of listeners) second.client.socket.on('state', listener);
    const missedAt = second.client.seq ?? 0;
    // Its own shot's frame comes with a gap: it takes it (a whole view) and joins again.
    expect(await second.client.shoot({ x: 0, y: 0 })).toMatch(/^[MHD]$/);
    await expect.poll(() => outgoing.filter((e) => e === 'joinRoom').length, { timeout: 5_000 }).toBe(1);
    const state = await waitForState(
      second.client,
      (s) => s.playerBoats[0]?.[0] !== 'S' && s.playerBoats[0]?.[0] !== 'E',
    );
    expect(state.playerBoats[0]?.[0]).toMatch(/^[MHD]$/);
    expect(state.opponentBoats[0]?.[0]).toMatch(/^[MHD]$/);
    // The join's frame (seq + 1 again: the join is a change) is taken; nothing is asked twice.
    await expect.poll(() => second.client.seq, { timeout: 5_000 }).toBe(missedAt + 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outgoing.filter((e) => e === 'joinRoom')).toHaveLength(1);
    // The first member was told of the join too, in one frame, and still sees its turn.
    await waitForState(first.client, (s) => s.members.some((m) => m.userId === first.player.id && m.hasToPlay));
    expect(first.client.seq).toBe(missedAt + 3);
    a.client.close();
    b.client.close();
  });
});
