// The referee's figures (docs/engines.md, "Figures"): games per second with instant participants
// (in-process modules over worker threads, and engine processes), the SPRT's error rates on
// simulated matches, and SPRT decisions on real games. `npm run bench:engines [-- --quick]`.
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEngineSpec, parseStrategySpec, uniqueNames } from '../cli/engine/participant';
import { runTournament } from '../cli/tournament/run';
import type { TournamentConfig } from '../cli/tournament/schedule';
import { simulateSprt } from '../cli/tournament/simulate';
import type { SprtConfig } from '../cli/tournament/sprt';
import { CLASSIC_RULES } from '../src/game';

const quick = process.argv.includes('--quick');
const INSTANT = 'node tests/fixtures/engines/broken.mjs instant';
const MODULE = './tests/fixtures/engines/bot.mjs';

function config(participants: TournamentConfig['participants'], pairs: number, seed = 1): TournamentConfig {
  return {
    participants: uniqueNames(participants),
    gauntlet: false,
    pairs,
    seed,
    rules: CLASSIC_RULES,
    fleets: 'seeded',
    clock: { timeMs: 1000, marginMs: 100 },
    timeouts: { handshakeMs: 10_000, readyMs: 5_000 },
  };
}

const silent = { game: () => {} };
const logDir = join(tmpdir(), `broadside-bench-engines-${process.pid}`);

async function overhead(label: string, c: TournamentConfig, concurrency: number, threads: number): Promise<void> {
  const cpu = process.cpuUsage();
  const r = await runTournament(c, { concurrency, threads, sprt: null, store: null, done: [], logDir }, silent);
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / r.games;
  console.log(
    `${label.padEnd(44)} ${String(r.games).padStart(6)} games ${String(r.gamesPerSecond).padStart(7)} games/s  ` +
      `harness ${ms.toFixed(2)} ms CPU/game (all its threads)  (concurrency ${concurrency}, threads ${threads})`,
  );
}

async function realSprt(label: string, a: string, b: string, sprt: SprtConfig, runs: number): Promise<void> {
  const tally = { H0: 0, H1: 0, none: 0 };
  let pairs = 0;
  for (let seed = 1; seed <= runs; seed++) {
    const r = await runTournament(
      config([parseStrategySpec(a), parseStrategySpec(b)], 5000, seed),
      { concurrency: 2, threads: 2, sprt, store: null, done: [], logDir },
      silent,
    );
    tally[r.sprt?.result ?? 'none']++;
    pairs += r.sprt?.pairs ?? 0;
  }
  console.log(
    `${label.padEnd(44)} ${runs} runs: H0 ${tally.H0}, H1 ${tally.H1}, none ${tally.none}; mean ${(pairs / runs).toFixed(0)} pairs`,
  );
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} CPUs`,
);
console.log('\nReferee overhead, instant participants, offline:');
await overhead(
  'in-process modules, worker threads',
  config([parseStrategySpec(MODULE), parseStrategySpec(MODULE)], quick ? 300 : 2000),
  4,
  2,
);
await overhead(
  'in-process modules, one thread',
  config([parseStrategySpec(MODULE), parseStrategySpec(MODULE)], quick ? 300 : 2000),
  1,
  0,
);
await overhead(
  'engine processes (Node), main thread',
  config([parseEngineSpec(`a=${INSTANT}`), parseEngineSpec(`b=${INSTANT}`)], quick ? 50 : 300),
  8,
  0,
);
await overhead(
  'engine processes (Node), worker threads',
  config([parseEngineSpec(`a=${INSTANT}`), parseEngineSpec(`b=${INSTANT}`)], quick ? 50 : 300),
  8,
  2,
);

console.log('\nSPRT on simulated matches (alpha = beta = 0.05), each pair two independent games:');
for (const [elo0, elo1] of [
  [0, 10],
  [0, 40],
] as const) {
  const sprt = { elo0, elo1, alpha: 0.05, beta: 0.05 };
  const runs = quick ? 200 : 1000;
  for (const truth of [elo0, elo1, elo1 * 3]) {
    const s = simulateSprt(sprt, truth, runs, 7 + truth);
    console.log(
      `elo0=${elo0} elo1=${elo1}, true Elo ${String(truth).padStart(3)}: ${runs} runs, H0 ${(s.H0 / runs).toFixed(3)}, ` +
        `H1 ${(s.H1 / runs).toFixed(3)}, mean ${s.meanPairs.toFixed(0)} pairs`,
    );
  }
}

console.log('\nSPRT on real games (elo0=0, elo1=40, alpha = beta = 0.05):');
const sprt = { elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05 };
await realSprt('hunt vs hunt (identical)', 'hunt', 'hunt', sprt, quick ? 3 : 20);
await realSprt('density vs hunt (clearly stronger)', 'density', 'hunt', sprt, quick ? 2 : 5);
