import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Rules } from '../../src/game';
import { CliError } from '../errors';
import type { Scenario } from '../load/config';
import type { Model } from '../load/drive';
import { renderHtmlReport } from '../load/html-report';
import { isLoopback } from '../load/loopback';
import { type LoadReport, runLoad } from '../load/run';
import {
  gamesOption,
  integer,
  placementOption,
  rulesOption,
  secondsOption,
  seedOption,
  serverOption,
  strategyOption,
  withReportOptions,
  workersOption,
} from '../options';
import { createOutput } from '../output';
import { createProgress } from '../progress';
import { errorHints } from '../load/hints';
import { readTokens } from '../load/tokens';
import { paceText } from '../load/think';

interface LoadOptions {
  server: string;
  scenario: Scenario;
  games: number;
  accounts: number;
  concurrency: number;
  ramp: number;
  arrivalRate?: number;
  duration?: number;
  maxInFlight: number;
  pace: number;
  jitter: number;
  rematch: number;
  tokens?: string;
  workers: number;
  strategy: string;
  placement: string;
  seed: number;
  rules: Rules;
  timeout: number;
  report?: string;
  allowRemote: boolean;
  accountsFirst: boolean;
  json: boolean;
  quiet: boolean;
}

function share(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`expected a number from 0 to 1, got "${value}"`);
  return n;
}

function rate(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`expected a number > 0, got "${value}"`);
  return n;
}

/** The closed model (--games/--accounts, --concurrency, --ramp) unless --arrival-rate asks for the open one. */
function modelOf(options: LoadOptions): Model {
  if (options.arrivalRate !== undefined) {
    if (options.duration === undefined) throw new CliError('--arrival-rate needs --duration <seconds>');
    return {
      kind: 'open',
      ratePerSecond: options.arrivalRate,
      durationSeconds: options.duration,
      maxInFlight: options.maxInFlight,
    };
  }
  return {
    kind: 'closed',
    count: options.scenario === 'auth' ? options.accounts : options.games,
    concurrency: options.concurrency,
    rampSeconds: options.ramp,
    ...(options.duration === undefined ? {} : { durationSeconds: options.duration }),
  };
}

const ms = (v: number): string => v.toFixed(2).padStart(8);

function reportLines(server: string, report: LoadReport, htmlFile: string | undefined): string[] {
  const model =
    report.model.kind === 'closed'
      ? `closed model, concurrency ${report.model.concurrency}`
      : `open model, ${report.model.ratePerSecond}/s for ${report.model.durationSeconds} s (peak ${report.peakInFlight} in flight)`;
  const lines =
    report.scenario === 'game'
      ? [
          `load on ${server}: ${report.completed}/${report.games} games completed, ${report.errors} failed, ${model}, ` +
            `${report.workers} worker(s), rules ${report.rules}${report.paceMs ? `, ${paceText(report.paceMs, report.paceJitter)} between a player's shots` : ''}`,
          `throughput ${report.gamesPerSecond} games/s, ${report.shotsPerSecond} shots/s over ${report.seconds} s`,
        ]
      : [
          `auth storm on ${server}: ${report.completed}/${report.planned} sign-ups and logins, ${report.errors} failed, ${model}`,
          ...(['signUp', 'login'] as const).map((name) => {
            const p = report[name];
            return p ? `${name.padEnd(7)} ${p.count} in ${p.seconds} s: ${p.perSecond}/s` : `${name}: not run`;
          }),
        ];
  lines.push(
    'latency (ms)          count      p50      p95      p99      max',
    ...Object.entries(report.latencyMs).map(
      ([name, p]) =>
        `  ${name.padEnd(16)} ${String(p.count).padStart(8)} ${[p.p50, p.p95, p.p99, p.max].map(ms).join(' ')}`,
    ),
  );
  lines.push(
    report.server
      ? `server event-loop delay: max ${report.server.eventLoopDelayMs.max} ms, worst 1 s p99 ${report.server.eventLoopDelayMs.p99} ms; ` +
          `peak ${report.server.peakSockets} sockets`
      : 'server event-loop delay: not measured (no GET /metrics on this server)',
  );
  if (report.errors > 0) {
    lines.push(
      `errors by code: ${Object.entries(report.errorsByCode)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}`,
      ...Object.entries(report.errorExamples).flatMap(([code, messages]) => messages.map((m) => `  ${code}: ${m}`)),
      ...errorHints(report.errorsByCode),
    );
  }
  if (htmlFile) lines.push(`report written to ${htmlFile}`);
  return lines;
}

export function loadCommand(): Command {
  return withReportOptions(
    new Command('load')
      .description(
        'load-test a server: many concurrent bot games (accounts log in once, rematch on open sockets), or sign-up and login storms',
      )
      .addOption(serverOption())
      .addOption(
        new Option('--scenario <name>', 'game: bots play whole games; auth: a sign-up storm, then a login storm')
          .choices(['game', 'auth'])
          .default('game'),
      )
      .addOption(gamesOption(100))
      .addOption(
        new Option('--accounts <n>', 'auth scenario, closed model: accounts to sign up, then log in')
          .default(100)
          .argParser(integer(1)),
      )
      .addOption(
        new Option('--concurrency <n>', 'closed model: games (or sign-ups/logins) in flight at once')
          .default(10)
          .env('BROADSIDE_CONCURRENCY')
          .argParser(integer(1)),
      )
      .addOption(secondsOption('--ramp <seconds>', 'closed model: spread the start of the lanes over this time', 0))
      .addOption(
        new Option(
          '--arrival-rate <per-second>',
          'open model: start this many games (or sign-ups, then logins) per second, whatever the server does',
        ).argParser(rate),
      )
      .addOption(
        new Option(
          '--duration <seconds>',
          'open model: how long arrivals go on; closed model: stop then, cutting off what is in flight (neither done nor failed)',
        ).argParser(rate),
      )
      .addOption(
        new Option('--max-in-flight <n>', 'open model: arrivals beyond this many running are dropped (DROPPED)')
          .default(20_000)
          .argParser(integer(1)),
      )
      .addOption(secondsOption('--pace <ms>', "think time before each of a player's shots (human pace: 2000)", 0))
      .addOption(
        new Option('--jitter <share>', 'each think time drawn from pace × (1 ± share), uniformly (0: exactly --pace)')
          .default(0)
          .argParser(share),
      )
      .addOption(
        new Option('--rematch <share>', 'share of games followed by a rematch on the same sockets (else a new room)')
          .default(0.5)
          .argParser(share),
      )
      .addOption(
        new Option(
          '--tokens <file>',
          'game scenario: play with these existing accounts (access tokens, one a line) instead of signing new ones up',
        ),
      )
      .addOption(workersOption('worker threads generating the load', Math.min(2, availableParallelism())))
      .addOption(strategyOption('--strategy <name>', 'hunt').env('BROADSIDE_STRATEGY'))
      .addOption(placementOption().env('BROADSIDE_PLACEMENT'))
      .addOption(seedOption())
      .addOption(rulesOption())
      .addOption(secondsOption('--timeout <seconds>', 'longest wait for any acknowledgement or frame', 30))
      .addOption(new Option('--report <file.html>', 'also write a self-contained HTML report (charts, tables)'))
      .addOption(
        new Option(
          '--accounts-first',
          "game scenario, closed model: sign up and log in every lane's players before the first game; games/s counts from then",
        ),
      )
      .addOption(new Option('--allow-remote', 'allow a server that is not on this machine (loopback only by default)')),
    [
      'broadside load --games 200 --concurrency 20 --ramp 5',
      'broadside load --arrival-rate 20 --duration 60 --pace 2000 --jitter 0.5 --report load.html',
      'broadside load --scenario auth --accounts 200 --concurrency 20',
      'broadside load --games 50 --concurrency 10 --rules fleet=russian,shots=salvo',
      'broadside load --games 600 --concurrency 40 --accounts-first --json',
      'broadside load --server http://127.0.0.1:3999 --games 20 --concurrency 10 --json',
    ],
  ).action(async (options: LoadOptions) => {
    if (options.accountsFirst && (options.scenario !== 'game' || options.arrivalRate !== undefined)) {
      throw new CliError('--accounts-first goes with the game scenario and the closed model');
    }
    if (!options.allowRemote && !isLoopback(options.server)) {
      throw new CliError(`${options.server} is not on this machine: pass --allow-remote to load-test it`);
    }
    const model = modelOf(options);
    const out = createOutput(options);
    const game = options.scenario === 'game';
    const planned = model.kind === 'closed' ? model.count : Math.floor(model.ratePerSecond * model.durationSeconds);
    const bar = createProgress(
      game ? planned : 2 * planned,
      options.quiet,
      `load ${options.scenario} |{bar}| {value}/{total} | {rate}/s | {inFlight} in flight | {errors} errors | shoot p99 {p99} ms`,
    );
    const started = performance.now();
    const report = await runLoad(
      {
        server: options.server,
        scenario: options.scenario,
        model,
        workers: options.workers,
        strategy: options.strategy,
        placement: options.placement,
        seed: options.seed,
        stepTimeoutMs: options.timeout * 1000,
        paceMs: options.pace,
        paceJitter: options.jitter,
        rematch: options.rematch,
        rules: options.rules,
        tokens: options.tokens === undefined ? null : readTokens(options.tokens),
        accountsFirst: options.accountsFirst,
      },
      (p) => {
        const perSecond = (p.done / ((performance.now() - started) / 1000)).toFixed(1);
        bar.update(p.done + p.failed, {
          rate: perSecond,
          inFlight: p.inFlight,
          errors: p.failed,
          p99: p.shootP99 ?? '–',
        });
      },
      // A phase marker on stderr even with --quiet: a bench reads the server's memory on it.
      (players, seconds) =>
        process.stderr.write(`accounts ready: ${players} players signed up and logged in in ${seconds} s\n`),
    ).finally(() => bar.stop());
    if (options.report) writeFileSync(options.report, renderHtmlReport(report, options.server));
    out.report(reportLines(options.server, report, options.report));
    out.result(report);
    if (report.errors > 0)
      throw new CliError(`${report.errors} of ${report.planned} ${game ? 'games' : 'sign-ups and logins'} failed`);
  });
}
