import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placerNamed, shooterNamed } from '../../../src/bots';
import { analyseGame } from '../../../src/bots/analysis';
import { offlineGame } from '../../../src/bots/analysis/duel';
import { cellIndex, makeRules, resolveShot, type Rules } from '../../../src/game';
import { type GameRecord, gameScript } from '../../../src/protocol';
import type { GameAnalysis } from '../../../src/protocol/analysis';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../../support/game';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli } from './cli';

const dir = mkdtempSync(join(tmpdir(), 'broadside-analyse-'));

/** An offline game as the record GET /games/{id} gives. */
function record(rules: Rules, seed: number): GameRecord {
  const game = offlineGame(rules, [shooterNamed('hunt'), shooterNamed('sampler')], placerNamed('random'), seed);
  const fired = new Map([
    ['a', new Set<number>()],
    ['b', new Set<number>()],
  ]);
  const shots = game.shots.map((s, seq) => {
    const target = game.players.find((p) => p.userId !== s.shooterId)?.fleet ?? game.players[0]?.fleet;
    if (!target) throw new Error('no target');
    const result = resolveShot(target, fired.get(s.shooterId) ?? new Set(), s).result;
    fired.get(s.shooterId)?.add(cellIndex(s));
    return { ...s, seq, result };
  });
  return {
    gameId: 900 + seed,
    slug: 'offline',
    round: 1,
    startedAt: 0,
    endedAt: 1,
    endReason: 'SUNK',
    rules,
    winner: game.winner,
    firstPlayer: 'a',
    players: game.players.map((p) => ({ ...p, username: p.userId === 'a' ? 'alice' : 'bob', bot: null })),
    shots,
    passes: [],
  };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

type Report = GameAnalysis & { game: string; gameId: number | null; names: Record<string, string> };

describe('broadside analyse', () => {
  // The CLI runs as a child process and grades whole games: minutes on a loaded machine.
  it('grades a game record file move by move, as the engine does in-process for the same seed', {
    timeout: 180_000,
  }, async () => {
    const game = record(makeRules({ shots: 'salvo' }), 3);
    const run = await runCli(argv`analyse ${file('record.json', game)} --samples 4000 --json --quiet`, {
      timeoutMs: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json<Report>();
    expect(report.gameId).toBe(game.gameId);
    expect(report.names).toEqual({ a: 'alice', b: 'bob' });
    const { engine, rules, samples, moves, players } = analyseGame(game, { seed: game.gameId, samples: 4000 });
    expect({ engine, rules, samples, moves, players }).toEqual({
      engine: report.engine,
      rules: report.rules,
      samples: report.samples,
      moves: report.moves,
      players: report.players,
    });
    // A salvo is one move: the first has one cell per ship.
    expect(report.moves[0]?.shots).toHaveLength(5);
  });

  it('prints a table per move and each player’s accuracy and luck, from an exported script file', {
    timeout: 180_000,
  }, async () => {
    const script = gameScript(record(makeRules({}), 4));
    const run = await runCli(argv`analyse ${file('script.json', script)} --samples 4000`, { timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.some((l) => /^#\s+player\s+fired\s+p\s+best\s+grade\s+class\s+how$/.test(l))).toBe(true);
    expect(lines.some((l) => /^1\s+(me|opponent)\s+[A-J]\d+ [MHD]\s+0\.\d{3}/.test(l))).toBe(true);
    expect(lines.filter((l) => /^(me|opponent): accuracy \d+\.\d, luck [+−]\d+\.\d\d/.test(l))).toHaveLength(2);
  });

  it('grades by a BEP engine that offers analyse, and refuses one that does not', { timeout: 180_000 }, async () => {
    const game = file('engine.json', record(makeRules({}), 5));
    const run = await runCli(argv`analyse ${game} --engine ${'node examples/engines/hunt.mjs'} --json --quiet`, {
      timeoutMs: 120_000,
    });
    expect(run.code).toBe(0);
    const report = run.json<Report>();
    expect(report.engine).toBe('hunt-node');
    expect(new Set(report.moves.map((m) => m.method))).toEqual(new Set(['engine']));
    expect(report.players.every((p) => p.accuracy !== null && p.accuracy > 0)).toBe(true);

    const refused = await runCli(argv`analyse ${game} --engine ${'python3 examples/engines/hunt.py'}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/does not offer analyse: its handshake ended with "bepok"/);
  });

  it('refuses a file that is neither a record nor a script, and a script without both fleets', async () => {
    const garbage = await runCli(argv`analyse ${file('garbage.json', { hello: 1 })}`);
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toMatch(/neither a game record nor a script file/);
    const script = { ...gameScript(record(makeRules({}), 6)), fleet: 'random' };
    const halfBlind = await runCli(argv`analyse ${file('half.json', script)}`);
    expect(halfBlind.stderr).toMatch(/both fleets are needed/);
  });
});

describe('broadside analyse GAME_ID on a server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('fetches the finished game and grades both players', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first, second } = await startAndPlace(slug, a, b);
    await playToTheEnd(first, second);
    a.client.close();
    b.client.close();
    const history = await a.player.api.history('me');
    const id = history.games[0]?.gameId ?? 0;
    const run = await runCli(
      argv`analyse ${String(id)} --server ${server.url} --email ${a.player.email} --password ${'correct horse battery'} --samples 2000 --json --quiet`,
      { timeoutMs: 120_000 },
    );
    expect(run.stderr).toBe('');
    const report = run.json<Report>();
    expect(report.gameId).toBe(id);
    expect(Object.values(report.names).sort()).toEqual([a.player.username, b.player.username].sort());
    expect(report.players.map((p) => p.moves).reduce((x, y) => x + y, 0)).toBe(report.moves.length);

    const missing = await runCli(
      argv`analyse ${'999999'} --server ${server.url} --email ${a.player.email} --password ${'correct horse battery'}`,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/game 999999: .*No game 999999/);
  }, 180_000);
});
