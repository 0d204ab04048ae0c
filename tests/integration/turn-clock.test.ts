import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isErrorAck } from '../../src/protocol';
import { endOf, eventually, playingRoom, rejoin, storedRound } from '../support/match';
import { waitForState } from '../support/players';
import { startTestServer } from '../support/server';

/* The rooms say 30 s per turn, as the protocol allows; the test server makes each turn last
 * TURN_MS so that three missed turns take seconds, not minutes. */
const TURN_MS = 1500;

describe('the turn clock', () => {
  it('passes a missed turn to the opponent; three missed in a row lose by CLOCK', async () => {
    const server = await startTestServer({ config: { turnMsOverride: TURN_MS } });
    try {
      const { slug, first, second } = await playingRoom(server.url, 30);
      const start = await waitForState(first.client, (s) => s.match.turnDeadline !== null);
      expect(start.match.turnSeconds).toBe(30);
      expect(start.match.turnDeadline).toBeGreaterThan(start.match.serverNow);
      expect(start.match.turnDeadline).toBeLessThanOrEqual(start.match.serverNow + TURN_MS);
      // `first` never plays; `second` shoots whenever the turn comes to it.
      let cell = 0;
      const shootWhenMyTurn = second.client.subscribe((s) => {
        if (s.gameStatus !== 'PLAY' || !s.members.some((m) => m.userId === second.player.id && m.hasToPlay)) return;
        const at = { x: cell % 10, y: Math.floor(cell / 10) };
        cell++;
        void second.client.shoot(at);
      });
      const missedOnce = await waitForState(
        first.client,
        (s) => (s.match.missedTurns[first.player.id] ?? 0) === 1,
        10_000,
      );
      expect(missedOnce.gameStatus).toBe('PLAY');
      const end = await endOf(first.client, 20_000);
      shootWhenMyTurn();
      expect(end.match.endReason).toBe('CLOCK');
      expect(end.winner?.userId).toBe(second.player.id);
      expect(end.match.missedTurns[first.player.id]).toBe(3);
      expect(end.match.turnDeadline).toBeNull();

      const { game, moves } = await storedRound(server, slug);
      expect(game).toMatchObject({ winner_id: second.player.id, end_reason: 'CLOCK' });
      const timeouts = moves.filter((m) => m.result === 'T');
      expect(timeouts.map((m) => [m.shooter_id, m.x, m.y])).toEqual(
        Array.from({ length: 3 }, () => [first.player.id, -1, -1]),
      );
      // One sequence for every move, shots and timeouts alike.
      expect(moves.map((m) => m.seq)).toEqual(moves.map((_, i) => i));
      first.client.close();
      second.client.close();
    } finally {
      await server.dispose();
    }
  });

  it('a room without a clock has none: no deadline, no missed turns', async () => {
    const server = await startTestServer({ config: { turnMsOverride: 200 } });
    try {
      const { first, second } = await playingRoom(server.url);
      expect(first.client.state.match).toMatchObject({ turnSeconds: null, turnDeadline: null, missedTurns: {} });
      await eventually(
        async () => Date.now(),
        (now) => now > first.client.state.match.serverNow + 1000,
      );
      expect(first.client.state.gameStatus).toBe('PLAY');
      expect(first.client.state.match.missedTurns).toEqual({});
      first.client.close();
      second.client.close();
    } finally {
      await server.dispose();
    }
  });
});

describe('a restart while a turn clock runs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-clock-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the deadline, the turn and the missed turns; a deadline passed while down fires at once', async () => {
    // Long turns first: nothing may pass while the server restarts.
    const before = await startTestServer({ dataDir, config: { turnMsOverride: 60_000 } });
    const { slug, first, second } = await playingRoom(before.url, 60);
    expect(isErrorAck(await first.client.shoot({ x: 0, y: 0 }))).toBe(false);
    const seen = await waitForState(
      second.client,
      (s) => s.members.some((m) => m.userId === second.player.id && m.hasToPlay) && s.match.turnDeadline !== null,
    );
    const deadline = seen.match.turnDeadline;
    first.client.close();
    second.client.close();
    await before.close();

    const after = await startTestServer({ dataDir, config: { turnMsOverride: 60_000 } });
    const a = await rejoin(after.url, first, slug);
    const b = await rejoin(after.url, second, slug);
    const state = await waitForState(b.client, (s) => s.gameStatus === 'PLAY' && s.match.turnDeadline !== null);
    expect(state.match.turnDeadline).toBe(deadline);
    expect(state.match.turnSeconds).toBe(60);
    expect(state.members.find((m) => m.hasToPlay)?.userId).toBe(second.player.id);
    a.client.close();
    b.client.close();
    await after.close();

    // Now turns of 1 ms: the deadline has long passed when the server comes back, and it fires at
    // once, before anyone reconnects (the server loads rooms whose clock runs when it starts).
    const late = await startTestServer({ dataDir, config: { turnMsOverride: 1 } });
    try {
      const { game } = await eventually(
        () => storedRound(late, slug),
        (round) => round.game.end_reason !== null,
      );
      // Both away: the clock alone ended it; second missed first (its turn), then they alternated.
      expect(game).toMatchObject({ end_reason: 'CLOCK', winner_id: first.player.id });
      const c = await rejoin(late.url, second, slug);
      const end = await endOf(c.client);
      expect(end.match.endReason).toBe('CLOCK');
      expect(end.match.missedTurns).toEqual({ [second.player.id]: 3, [first.player.id]: 2 });
      c.client.close();
    } finally {
      await late.close();
    }
  });
});
