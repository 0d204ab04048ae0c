import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Option } from 'commander';
import { runEngineBench } from '../bench/engine';
import { runBench } from '../bench/run';
import { clockOf, type ClockOptions, timeoutsOf, withClockOptions } from '../engine/options';
import { parseEngineSpec } from '../engine/participant';
import {
  gamesOption,
  placementOption,
  rulesOption,
  seedOption,
  strategyOption,
  withReportOptions,
  workersOption,
} from '../options';
import type { Rules } from '../../src/game';
import { createOutput } from '../output';
import { createProgress } from '../progress';

interface BenchOptions extends ClockOptions {
  engine?: string;
  strategy: string;
  placement: string;
  games: number;
  seed: number;
  workers: number;
  rules: Rules;
  json: boolean;
  quiet: boolean;
}

export function benchCommand(): Command {
  return withReportOptions(
    withClockOptions(new Command('bench'))
      .description('play many games offline (no server) and report how many shots a strategy needs')
      .addOption(strategyOption().env('BROADSIDE_STRATEGY'))
      .addOption(
        new Option(
          '--engine <command>',
          'bench an engine speaking BEP instead (docs/engines.md); --workers processes at once',
        ),
      )
      .addOption(placementOption().env('BROADSIDE_PLACEMENT'))
      .addOption(gamesOption(1000))
      .addOption(seedOption())
      .addOption(rulesOption())
      .addOption(workersOption('worker threads (the figures do not depend on it)', availableParallelism())),
    [
      'broadside bench --strategy density --games 100000 --seed 1',
      'broadside bench --strategy sampler --placement edge --games 2000 --json',
      'npm run cli -- bench --strategy hunt --games 500 --quiet',
      'broadside bench --engine "python3 examples/engines/hunt.py" --games 200 --workers 2',
      'broadside bench --strategy density --rules fleet=russian,shots=salvo --games 2000',
    ],
  ).action(async (options: BenchOptions) => {
    const out = createOutput(options);
    const bar = createProgress(
      options.games,
      options.quiet,
      `bench ${options.strategy} |{bar}| {value}/{total} games | {eta_formatted} left`,
    );
    let done = 0;
    if (options.engine) {
      const engine = parseEngineSpec(options.engine);
      if (engine.kind !== 'engine') throw new Error('unreachable');
      const result = await runEngineBench(
        {
          command: engine.command,
          name: engine.name,
          placement: options.placement,
          games: options.games,
          seed: options.seed,
          concurrency: options.workers,
          clock: clockOf(options),
          timeouts: timeoutsOf(options),
          logDir: join(tmpdir(), `broadside-bench-${process.pid}`),
          rules: options.rules,
        },
        (played) => {
          done += played;
          bar.update(done);
        },
      ).finally(() => bar.stop());
      const faulted = Object.entries(result.faults);
      out.report([
        `engine ${result.strategy} (${result.engine}) vs placement ${result.placement}: ${result.games} games, seed ${result.seed}`,
        `rules   ${result.rules}`,
        `shots   mean ${result.mean}  median ${result.median}  p95 ${result.p95}  max ${result.max}`,
        `speed   ${result.gamesPerSecond} games/s with ${result.concurrency} process(es), ${result.seconds} s`,
        `think   ${result.msPerShot.p50} ms/shot p50, ${result.msPerShot.p99} ms p99, ${result.msPerShot.max} ms max (go to answer)`,
        ...(faulted.length
          ? [`faults  ${faulted.map(([r, n]) => `${n} ${r}`).join(', ')} (not counted); first: ${result.firstFault}`]
          : []),
      ]);
      out.result(result);
      return;
    }
    const result = await runBench(options, (played) => {
      done += played;
      bar.update(done);
    }).finally(() => bar.stop());
    out.report([
      `strategy ${result.strategy} vs placement ${result.placement}: ${result.games} games, seed ${result.seed}`,
      `rules   ${result.rules}`,
      `shots   mean ${result.mean}  median ${result.median}  p95 ${result.p95}  max ${result.max}`,
      `moves   mean ${result.meanMoves} (a salvo is one move)  turns mean ${result.meanTurns}`,
      `speed   ${result.gamesPerSecond} games/s on ${result.workers} worker(s), ${result.seconds} s`,
      `think   ${result.msPerShot.p50} ms/move p50, ${result.msPerShot.p99} ms p99, ${result.msPerShot.max} ms max`,
    ]);
    out.result(result);
  });
}
