import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES, type Rules } from '../../../src/game';
import { GameRecordSchema } from '../../../src/protocol';
import { seatFor } from '../../../cli/engine/participant';
import { refereeGame } from '../../../cli/engine/referee';
import { ScriptSchema } from '../../../cli/script/schema';
import { harnessRecordOf } from '../../../cli/tournament/game-record';
import { scriptOfGame } from '../../../cli/tournament/script-file';

/** A real game refereed in-process between two built-in strategies. */
async function play(rules: Rules, seed: number) {
  const options = { timeouts: { handshakeMs: 3000, readyMs: 3000 }, logDir: '/tmp' };
  const seats = [
    await seatFor({ kind: 'builtin', name: 'density', shooter: 'density', placer: 'random' }, options),
    await seatFor({ kind: 'builtin', name: 'hunt', shooter: 'hunt', placer: 'random' }, options),
  ] as const;
  return refereeGame({ id: '1.1.1', rules, seed, seats, fleets: null, clock: { timeMs: 5000, marginMs: 100 } });
}

describe("a refereed game as the replay viewer's record", () => {
  it.each([
    ['classic', CLASSIC_RULES],
    ['salvo, again on a hit', { fleet: 'russian', touch: false, shots: 'salvo', again: 'hit' } satisfies Rules],
  ])('%s: every shot in the order fired, by its shooter, each fleet the one shot at', async (_, rules) => {
    const game = await play(rules, 7);
    const record = harnessRecordOf(game, rules, { gameId: 3, slug: '1.1.1', endedAt: 10_000 });
    const { reason, detail, ...wire } = record;
    // The protocol's record, as GET /games/{id} gives it: the web client's replay reads it unchanged.
    expect(GameRecordSchema.parse(wire)).toEqual(wire);
    expect(reason).toBe('sunk');
    expect(detail).toBe(game.detail);
    expect(record.players.map((p) => p.userId)).toEqual(['density', 'hunt']);
    expect(record.winner).toBe(game.names[game.winner]);
    expect(record.firstPlayer).toBe('density');
    expect(record.startedAt).toBe(Math.round(10_000 - game.ms));
    expect(record.shots.map((s) => [s.shooterId, s.x, s.y, s.result])).toEqual(
      game.shots.map((s) => [game.names[s.seat], s.x, s.y, s.result]),
    );
    expect(record.shots.map((s) => s.seq)).toEqual(record.shots.map((_, i) => i));
    // The winner's hits cover the loser's whole fleet, and nothing else: each fleet is the one shot at.
    const loser = record.players.find((p) => p.userId !== record.winner);
    const cells = (list: readonly { x: number; y: number }[]) => list.map((c) => `${c.x},${c.y}`).sort();
    const hits = record.shots.filter((s) => s.shooterId === record.winner && s.result !== 'M');
    expect(cells(hits)).toEqual(cells(Object.values(loser?.fleet ?? {}).flat()));
  });

  it("rides in the game's script file, where the script schema reads it back", async () => {
    const game = await play(CLASSIC_RULES, 3);
    const record = harnessRecordOf(game, CLASSIC_RULES, { gameId: 1, slug: '1.1.1', endedAt: 5_000 });
    const script = scriptOfGame(game, CLASSIC_RULES, 'a game', { record });
    const parsed = ScriptSchema.parse(JSON.parse(JSON.stringify(script)));
    expect(parsed.record).toEqual(record);
    expect(ScriptSchema.safeParse({ ...script, record: { ...record, reason: 'bored' } }).success).toBe(false);
  });
});
