import { METRICS_JSON } from '../../src/protocol';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEngine, prepareArtillery, runArtillery } from '../support/artillery';
import { type ChildServer, startChildServer } from '../support/child-server';

/*
 * `artillery run` of the engine's example (packages/artillery-engine-broadside) against our
 * compiled server: real Artillery (installed from tests/support/artillery/), real games, bounded
 * to a few arrivals and two minutes.
 */

const EXAMPLE = join(resolve(import.meta.dirname, '../..'), 'packages/artillery-engine-broadside/examples/game.yml');
const FLEET_CELLS = 17;

interface ServerMetrics {
  shotCommits: { shots: number };
}

describe('artillery-engine-broadside under artillery run', () => {
  let bin: string;
  let server: ChildServer;
  beforeAll(async () => {
    bin = prepareArtillery();
    buildEngine();
    server = await startChildServer();
  }, 900_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    server?.dispose();
  });

  it('plays whole games and reports games, shots and the shoot latency as Artillery metrics', async () => {
    const run = await runArtillery(bin, EXAMPLE, server.url, {
      overrides: { config: { phases: [{ duration: 4, arrivalRate: 1, maxVusers: 4 }], broadside: { rematch: 0.5 } } },
      // Bounded; generous because the suite shares two cores with everything else in CI.
      timeoutMs: 240_000,
    });
    expect(run.code, run.output).toBe(0);
    const { counters, summaries } = run.report?.aggregate ?? { counters: {}, summaries: {} };
    const games = counters['broadside.games'] ?? 0;
    expect(counters['vusers.created'], run.output).toBeGreaterThanOrEqual(3);
    expect(counters['vusers.failed'] ?? 0, run.output).toBe(0);
    expect(games).toBe(counters['vusers.completed']);
    const shots = counters['broadside.shots'] ?? 0;
    // A game ends on the 17th hit of one side: at least 17 shots, at most both sides' 100 cells.
    expect(shots).toBeGreaterThanOrEqual(FLEET_CELLS * games);
    expect(shots).toBeLessThanOrEqual(200 * games);
    expect(summaries['broadside.shoot']?.count).toBe(shots);
    expect(summaries['broadside.shoot']?.p99).toBeGreaterThan(0);
    expect(summaries['broadside.signUp']?.count).toBeGreaterThanOrEqual(2);
    // The server stored every shot Artillery counted.
    const metrics = (await (await fetch(`${server.url}/metrics`, { headers: METRICS_JSON })).json()) as ServerMetrics;
    expect(metrics.shotCommits.shots).toBe(shots);
  }, 300_000);

  it('pairs: signs the players up before the first game, says so, and plays every game on them', async () => {
    const run = await runArtillery(bin, EXAMPLE, server.url, {
      // Three virtual users at once, one worker: the two prepared pairs plus one signed up on demand.
      overrides: {
        config: { phases: [{ duration: 1, arrivalCount: 3 }], broadside: { rematch: 0.5, pairs: 2 } },
      },
      timeoutMs: 240_000,
      env: { WORKERS: '1' },
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('accounts ready: 4 players signed up and logged in');
    const { counters, summaries } = run.report?.aggregate ?? { counters: {}, summaries: {} };
    expect(counters['broadside.games'], run.output).toBe(3);
    // The four prepared players, plus one more pair when the third game found both pairs still
    // playing (it arrives within the same second; on a quiet machine a pair may already be free).
    // Players not taken from the prepared pairs would make it 10.
    expect(summaries['broadside.signUp']?.count).toBeOneOf([4, 6]);
  }, 300_000);

  it('refuses a bad option before any game, naming it', async () => {
    const run = await runArtillery(bin, EXAMPLE, server.url, {
      overrides: { config: { phases: [{ duration: 1, arrivalRate: 1 }], broadside: { pace: -5 } } },
      timeoutMs: 60_000,
    });
    expect(run.output).toContain('config.broadside (pace');
    expect(run.report?.aggregate.counters['broadside.games'] ?? 0).toBe(0);
  }, 90_000);
});
