import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { CLASSIC_RULES, formatRules, type Rules } from '../../src/game';
import { type Comparison, compareShots } from '../bench/compare';
import { type EngineBenchResult, runSoloBench } from '../bench/engine';
import { type BenchOutcome, type BenchResult, benchShots } from '../bench/run';
import { clockOf, type ClockOptions, participantCollector, timeoutsOf, withClockOptions } from '../engine/options';
import { type Participant, uniqueNames } from '../engine/participant';
import { preflightEngines } from '../engine/preflight';
import { CliError } from '../errors';
import { gamesOption, placementOption, rulesArg, seedOption, withReportOptions, workersOption } from '../options';
import { createOutput } from '../output';
import { createProgress } from '../progress';

interface BenchOptions extends ClockOptions {
  engine?: unknown;
  strategy?: unknown;
  placement: string;
  games: number;
  seed: number;
  workers: number;
  rules?: Rules[];
  json: boolean;
  quiet: boolean;
}

type AnyResult = BenchResult | EngineBenchResult;
const isEngine = (r: AnyResult): r is EngineBenchResult => 'faults' in r;

function rulesList(value: string, previous: Rules[] | undefined): Rules[] {
  return [...(previous ?? []), rulesArg(value)];
}

const f2 = (x: number): string => x.toFixed(2);
const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

/** A participant's lines in the human report. */
function resultLines(r: AnyResult, alone: boolean): string[] {
  const engine = isEngine(r);
  const finished = engine ? r.finished : r.games;
  const lines: string[] = [];
  if (alone)
    lines.push(
      engine
        ? `${r.engine === r.strategy ? 'engine' : `engine ${r.strategy}`} (${r.engine}) vs placement ${r.placement}: ${r.games} games, seed ${r.seed}`
        : `strategy ${r.strategy} vs placement ${r.placement}: ${r.games} games, seed ${r.seed}`,
      `rules   ${r.rules}`,
    );
  else lines.push(`${r.strategy}${engine ? ` (${r.engine})` : ''}:`);
  if (finished === 0) lines.push(`shots   no game finished: ${r.games} lost to faults`);
  else {
    lines.push(
      `shots   mean ${f2(r.mean)} ± ${f2(r.standardError)} (standard error), 95 % interval [${f2(r.ci95[0])}, ${f2(r.ci95[1])}]  ` +
        `median ${r.median}  p95 ${r.p95}  max ${r.max}${finished < r.games ? `  (${finished} games finished)` : ''}`,
    );
    lines.push(
      `moves   mean ${f2(r.moves.mean)} ± ${f2(r.moves.se)} (a salvo is one move)${'meanTurns' in r ? `  turns mean ${r.meanTurns}` : ''}`,
    );
  }
  lines.push(
    engine
      ? `speed   ${r.gamesPerSecond} games/s with ${r.concurrency} process(es), ${r.seconds} s`
      : `speed   ${r.gamesPerSecond} games/s on ${r.workers} worker(s), ${r.seconds} s`,
    `think   ${r.msPerShot.p50} ms/move p50, ${r.msPerShot.p99} ms p99, ${r.msPerShot.max} ms max${engine ? ' (go to answer)' : ''}`,
  );
  if (engine) {
    const faulted = Object.entries(r.faults);
    if (faulted.length)
      lines.push(`faults  ${faulted.map(([k, n]) => `${n} ${k}`).join(', ')} (not counted); first: ${r.firstFault}`);
  }
  return alone ? lines : lines.map((l, i) => (i === 0 ? l : `  ${l}`));
}

function comparisonLine(c: Comparison): string {
  const d = c.difference;
  if (!d) return `${c.a} − ${c.b}: no game both finished`;
  return (
    `${c.a} − ${c.b}: ${d.mean >= 0 ? '+' : ''}${f2(d.mean)} ± ${f2(d.se)} shots per game [${f2(d.ci95[0])}, ${f2(d.ci95[1])}] ` +
    `on the same ${c.games} fleets; ${c.a} needs fewer with likelihood ${pct(c.los ?? 0.5)}`
  );
}

/**
 * `broadside bench`: participants (built-in strategies, modules, engines) fire at the same seeded
 * fleets offline; each gets its mean shots with a standard error and 95% interval, per rule set,
 * and two or more get the paired difference with the first (docs/cli.md, "bench").
 */
export function benchCommand(): Command {
  const participants = participantCollector();
  return withReportOptions(
    withClockOptions(new Command('bench'))
      .description(
        'play many games offline (no server): shots a strategy or engine needs, with their error, side by side on the same fleets',
      )
      .addOption(
        new Option(
          '--strategy <[NAME=]name|./bot.mjs>',
          'a built-in shot strategy or a JavaScript module (repeatable; default sampler)',
        )
          .env('BROADSIDE_STRATEGY')
          .argParser(participants.strategy),
      )
      .addOption(
        new Option(
          '--engine <command...>',
          'an engine speaking BEP, "[NAME=]command" then option.NAME=VALUE words (repeatable; docs/engines.md)',
        ).argParser(participants.engine),
      )
      .addOption(placementOption().env('BROADSIDE_PLACEMENT'))
      .addOption(gamesOption(1000))
      .addOption(seedOption())
      .addOption(
        new Option(
          '--rules <list>',
          'rule variant, e.g. fleet=russian,shots=salvo (repeatable: every participant under each; default classic)',
        )
          .env('BROADSIDE_RULES')
          .argParser(rulesList),
      )
      .addOption(
        workersOption(
          'worker threads for built-ins, processes for an engine (the figures do not depend on it)',
          availableParallelism(),
        ),
      ),
    [
      'broadside bench --strategy density --games 100000 --seed 1',
      'broadside bench --strategy density --strategy hunt --games 5000',
      'broadside bench --strategy sampler --placement edge --games 2000 --json',
      'broadside bench --engine "python3 examples/engines/hunt.py" --strategy hunt --games 200 --workers 2',
      'broadside bench --strategy density --rules fleet=classic --rules fleet=russian,shots=salvo --games 2000',
    ],
  ).action(async (options: BenchOptions) => {
    const out = createOutput(options);
    const list: Participant[] = uniqueNames(
      participants.list.length > 0
        ? participants.list
        : [{ kind: 'builtin', name: 'sampler', shooter: 'sampler', placer: options.placement }],
    );
    const rules = options.rules ?? [CLASSIC_RULES];
    const logDir = join(tmpdir(), `broadside-bench-${process.pid}`);
    // A command that does not start, or an option the engine does not have, stops here.
    await preflightEngines(list, { timeouts: timeoutsOf(options), logDir });
    const total = options.games * list.length * rules.length;
    const bar = createProgress(total, options.quiet, 'bench |{bar}| {value}/{total} games | {eta_formatted} left');
    let done = 0;
    const step = (played: number): void => {
      done += played;
      bar.update(done);
    };
    const results: AnyResult[] = [];
    const comparisons: Comparison[] = [];
    try {
      for (const set of rules) {
        const outcomes: BenchOutcome<AnyResult>[] = [];
        for (const p of list) {
          const outcome =
            p.kind === 'builtin'
              ? await benchShots(
                  {
                    strategy: p.shooter,
                    placement: options.placement,
                    games: options.games,
                    seed: options.seed,
                    workers: options.workers,
                    rules: set,
                  },
                  step,
                ).then((o) => ({ ...o, result: { ...o.result, strategy: p.name } }))
              : await runSoloBench(
                  {
                    participant: p,
                    placement: options.placement,
                    games: options.games,
                    seed: options.seed,
                    concurrency: p.kind === 'engine' ? options.workers : 1,
                    clock: clockOf(options),
                    timeouts: timeoutsOf(options),
                    logDir,
                    rules: set,
                  },
                  step,
                );
          outcomes.push(outcome);
          results.push(outcome.result);
        }
        const [first, ...others] = outcomes;
        for (const other of others)
          if (first)
            comparisons.push(
              compareShots(formatRules(set), first.result.strategy, other.result.strategy, first.shots, other.shots),
            );
      }
    } finally {
      bar.stop();
    }
    const alone = results.length === 1;
    const report: string[] = [];
    if (!alone)
      report.push(
        `bench: ${list.map((p) => p.name).join(', ')} vs placement ${options.placement}: ${options.games} games each, ` +
          `seed ${options.seed} (game i: the same fleet and shooter seed for every participant)`,
      );
    for (const set of rules) {
      const here = results.filter((r) => r.rules === formatRules(set));
      if (!alone) report.push(`rules ${formatRules(set)}`);
      for (const r of here) report.push(...resultLines(r, alone));
      for (const c of comparisons.filter((c) => c.rules === formatRules(set))) report.push(comparisonLine(c));
    }
    out.report(report);
    out.result(
      alone
        ? results[0]
        : { placement: options.placement, games: options.games, seed: options.seed, results, comparisons },
    );
    const broken = results.filter((r) => isEngine(r) && r.finished === 0);
    if (broken.length > 0)
      throw new CliError(
        broken
          .map((r) => `${r.strategy} could not play a game under ${r.rules}: ${isEngine(r) ? r.firstFault : ''}`)
          .join('\n'),
      );
  });
}
