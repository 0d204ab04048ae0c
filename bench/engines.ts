// The referee's figures (docs/engines.md, "Figures"): games per second with instant participants
// (in-process modules over worker threads, and engine processes), the SPRT's error rates on
// simulated matches, and SPRT decisions on real games. `npm run bench:engines [-- --quick] [--throughput]`.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEngineSpec, parseStrategySpec, uniqueNames } from '../cli/engine/participant';
import { runTournament } from '../cli/tournament/run';
import type { TournamentConfig } from '../cli/tournament/schedule';
import { simulateSprt } from '../cli/tournament/simulate';
import type { SprtConfig } from '../cli/tournament/sprt';
import { CLASSIC_RULES } from '../src/game';

const quick = process.argv.includes('--quick');
/** Only the referee's throughput (`-- --throughput`), not the SPRT runs. */
const throughputOnly = process.argv.includes('--throughput');
/** The readline engine of the fault tests in its no-fault mode: a typical small Node engine. */
const NODE_INSTANT = 'node tests/fixtures/engines/broken.mjs instant';
/** The cheapest engine: no readline, one write per chunk (tests/fixtures/engines/instant.mjs). */
const LEAN_INSTANT = 'node tests/fixtures/engines/instant.mjs';
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

/** CPU time of this process's reaped children (the engines, once they quit), in ms. */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the ")": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Throughput {
  gamesPerSecond: number;
  harnessMs: number;
  enginesMs: number;
  load: number;
}

/**
 * One tournament of instant participants: games/s on the wall clock (the machine's load shows in
 * it), and the CPU each game cost the harness (all its threads) and the engine processes, which
 * the load does not change much: 2 cores / (harness + engines) per game is what an idle machine
 * would reach.
 */
async function throughput(c: TournamentConfig, concurrency: number, threads: number): Promise<Throughput> {
  const load = loadavg()[0] ?? 0;
  const cpu = process.cpuUsage();
  const children = childrenCpuMs();
  const { report: r } = await runTournament(
    c,
    { concurrency, threads, sprt: null, store: null, done: [], logDir },
    silent,
  );
  const used = process.cpuUsage(cpu);
  return {
    gamesPerSecond: r.gamesPerSecond,
    harnessMs: (used.user + used.system) / 1000 / r.games,
    enginesMs: (childrenCpuMs() - children) / r.games,
    load,
  };
}

interface Setup {
  readonly label: string;
  readonly config: TournamentConfig;
  readonly concurrency: number;
  readonly threads: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? 0) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

/** Every setup once per round, in turn, so the load falls on all of them alike; medians at the end. */
async function sideBySide(setups: readonly Setup[], rounds: number): Promise<void> {
  const runs = setups.map(() => [] as Throughput[]);
  for (let round = 1; round <= rounds; round++) {
    for (const [i, s] of setups.entries()) {
      const t = await throughput(s.config, s.concurrency, s.threads);
      runs[i]?.push(t);
      console.log(
        `round ${round}  ${s.label.padEnd(58)} ${t.gamesPerSecond.toFixed(1).padStart(6)} games/s  harness ` +
          `${t.harnessMs.toFixed(2)} ms CPU/game, engines ${Number.isNaN(t.enginesMs) ? '?' : t.enginesMs.toFixed(2)} ms  (load ${t.load.toFixed(1)})`,
      );
    }
  }
  console.log('\nmedians over the rounds (games/s on the wall clock; CPU ms per game; 2 cores / CPU per game):');
  for (const [i, s] of setups.entries()) {
    const r = runs[i] ?? [];
    const cpu = median(r.map((t) => t.harnessMs + (Number.isNaN(t.enginesMs) ? 0 : t.enginesMs)));
    console.log(
      `${s.label.padEnd(58)} ${median(r.map((t) => t.gamesPerSecond))
        .toFixed(1)
        .padStart(6)} games/s  ` +
        `harness ${median(r.map((t) => t.harnessMs)).toFixed(2)} + engines ${median(r.map((t) => t.enginesMs)).toFixed(2)} ms CPU/game` +
        `  → ${(2000 / cpu).toFixed(0)} games/s on 2 idle cores  (load ${median(r.map((t) => t.load)).toFixed(1)})`,
    );
  }
}

async function realSprt(label: string, a: string, b: string, sprt: SprtConfig, runs: number): Promise<void> {
  const tally = { H0: 0, H1: 0, none: 0 };
  let pairs = 0;
  for (let seed = 1; seed <= runs; seed++) {
    const { report: r } = await runTournament(
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
console.log('\nReferee overhead, instant participants, offline, side by side:');
const engines = (command: string, pairs: number) =>
  config([parseEngineSpec(`a=${command}`), parseEngineSpec(`b=${command}`)], pairs);
const modules = (pairs: number) => config([parseStrategySpec(MODULE), parseStrategySpec(MODULE)], pairs);
const enginePairs = quick ? 100 : 300;
const modulePairs = quick ? 300 : 2000;
await sideBySide(
  [
    // Before: the tournament's defaults on 2 cores this morning (concurrency = cores, as many worker threads).
    {
      label: 'before: Node engines, concurrency 2, 2 worker threads',
      config: engines(NODE_INSTANT, enginePairs),
      concurrency: 2,
      threads: 2,
    },
    // After: engines are refereed from the main thread (the work is in their processes).
    {
      label: 'after: Node engines, concurrency 2, main thread',
      config: engines(NODE_INSTANT, enginePairs),
      concurrency: 2,
      threads: 0,
    },
    {
      label: 'after: Node engines, concurrency 4, main thread',
      config: engines(NODE_INSTANT, enginePairs),
      concurrency: 4,
      threads: 0,
    },
    {
      label: 'after: leanest engines, concurrency 4, main thread',
      config: engines(LEAN_INSTANT, enginePairs),
      concurrency: 4,
      threads: 0,
    },
    { label: 'in-process modules, one thread', config: modules(modulePairs), concurrency: 1, threads: 0 },
    { label: 'in-process modules, 2 worker threads', config: modules(modulePairs), concurrency: 4, threads: 2 },
  ],
  quick ? 2 : 3,
);

if (throughputOnly) process.exit(0);

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
