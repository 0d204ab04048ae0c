import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { CliError } from '../errors';
import { runLoad } from '../load/run';
import {
  gamesOption,
  integer,
  placementOption,
  secondsOption,
  seedOption,
  serverOption,
  strategyOption,
  withReportOptions,
  workersOption,
} from '../options';
import { createOutput } from '../output';
import { createProgress } from '../progress';

interface LoadOptions {
  server: string;
  games: number;
  concurrency: number;
  ramp: number;
  workers: number;
  strategy: string;
  placement: string;
  seed: number;
  timeout: number;
  json: boolean;
  quiet: boolean;
}

export function loadCommand(): Command {
  return withReportOptions(
    new Command('load')
      .description('load-test a server with many concurrent bot games (sign-up/login, room, sockets, play to the end)')
      .addOption(serverOption())
      .addOption(gamesOption(100))
      .addOption(
        new Option('--concurrency <n>', 'games in flight at once')
          .default(10)
          .env('BROADSIDE_CONCURRENCY')
          .argParser(integer(1)),
      )
      .addOption(secondsOption('--ramp <seconds>', 'spread the start of the concurrent games over this time', 0))
      .addOption(workersOption('worker threads generating the load', Math.min(2, availableParallelism())))
      .addOption(strategyOption('--strategy <name>', 'hunt').env('BROADSIDE_STRATEGY'))
      .addOption(placementOption().env('BROADSIDE_PLACEMENT'))
      .addOption(seedOption())
      .addOption(secondsOption('--timeout <seconds>', 'longest wait for any acknowledgement or frame', 30)),
    [
      'broadside load --games 200 --concurrency 20 --ramp 5',
      'broadside load --server http://127.0.0.1:3999 --games 20 --concurrency 10 --json',
      'BROADSIDE_WORKERS=4 broadside load --games 1000 --concurrency 100 --quiet',
    ],
  ).action(async (options: LoadOptions) => {
    const out = createOutput(options);
    const bar = createProgress(
      options.games,
      options.quiet,
      'load |{bar}| {value}/{total} games | {rate} games/s | {errors} errors | shoot p99 {p99} ms',
    );
    const started = performance.now();
    const report = await runLoad(
      { ...options, rampSeconds: options.ramp, stepTimeoutMs: options.timeout * 1000 },
      (p) => {
        const rate = (p.completed / ((performance.now() - started) / 1000)).toFixed(1);
        bar.update(p.completed + p.failed, { rate, errors: p.failed, p99: p.shootP99 ?? '–' });
      },
    ).finally(() => bar.stop());
    const lines = [
      `load on ${options.server}: ${report.completed}/${report.games} games completed, ${report.errors} failed, ` +
        `concurrency ${report.concurrency}, ${report.workers} worker(s)`,
      `throughput ${report.gamesPerSecond} games/s over ${report.seconds} s`,
      'latency (ms)          count      p50      p95      p99      max',
      ...Object.entries(report.latencyMs).map(
        ([name, p]) =>
          `  ${name.padEnd(16)} ${String(p.count).padStart(8)} ${[p.p50, p.p95, p.p99, p.max]
            .map((v) => v.toFixed(2).padStart(8))
            .join(' ')}`,
      ),
    ];
    if (report.errors > 0) {
      lines.push(
        `errors by code: ${Object.entries(report.errorsByCode)
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')}`,
      );
    }
    out.report(lines);
    out.result(report);
    if (report.errors > 0) throw new CliError(`${report.errors} of ${report.games} games failed`);
  });
}
