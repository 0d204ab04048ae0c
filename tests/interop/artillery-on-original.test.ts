import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEngine, prepareArtillery, runArtillery } from '../support/artillery';
import { interopSkipReason } from '../support/original';
import { originalServerForSuite } from '../support/original-suite';

/*
 * The Artillery engine against the original server (docs/load-testing.md): the same example
 * scenario, which then speaks the SPEC dialect (a hit keeps the turn there, no success acks).
 */

const EXAMPLE = join(resolve(import.meta.dirname, '../..'), 'packages/artillery-engine-broadside/examples/game.yml');

const skip = interopSkipReason();
if (skip) console.log(`SKIPPED ${skip}`);

describe.skipIf(skip !== null)('artillery-engine-broadside on the original server', () => {
  let bin = '';
  const suite = originalServerForSuite(() => {
    bin = prepareArtillery();
    buildEngine();
  });

  it('plays whole games with rematches, zero failed', async () => {
    const run = await runArtillery(bin, EXAMPLE, suite.server.url, {
      overrides: { config: { phases: [{ duration: 3, arrivalRate: 1, maxVusers: 3 }], broadside: { rematch: 0.5 } } },
      timeoutMs: 150_000,
    });
    expect(run.code, run.output).toBe(0);
    const { counters, summaries } = run.report?.aggregate ?? { counters: {}, summaries: {} };
    const games = counters['broadside.games'] ?? 0;
    expect(games, run.output).toBeGreaterThanOrEqual(2);
    expect(counters['vusers.failed'] ?? 0, run.output).toBe(0);
    expect(games).toBe(counters['vusers.completed']);
    expect(counters['broadside.shots']).toBeGreaterThanOrEqual(17 * games);
    expect(summaries['broadside.shoot']?.count).toBe(counters['broadside.shots']);
    expect(suite.server.exited()).toBe(false);
  }, 180_000);
});
