import { writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { CLASSIC_RULES, formatRules, type Rules } from '../../src/game';
import {
  clockOf,
  type ClockOptions,
  participantCollector,
  rulesArg,
  timeoutsOf,
  withClockOptions,
} from '../engine/options';
import { uniqueNames } from '../engine/participant';
import { describeOptions, preflightEngines } from '../engine/preflight';
import { killAllEngines, stopAllEngines } from '../engine/reaper';
import { CliError } from '../errors';
import { examples, integer, jsonOption, quietOption, seedOption, serverUrl } from '../options';
import { createOutput } from '../output';
import { createProgress } from '../progress';
import { renderTournamentHtml } from '../tournament/html-report';
import { defaultThreads, runTournament } from '../tournament/run';
import { schedule, type TournamentConfig } from '../tournament/schedule';
import { serverRunner } from '../tournament/server-runner';
import { formatSprt, parseSprt, type SprtConfig } from '../tournament/sprt';
import { type Saved, TournamentStore } from '../tournament/store';
import type { GameSummary } from '../tournament/tally';
import { intervalLine, textReport } from '../tournament/text-report';

interface TournamentOptions extends ClockOptions {
  engine?: unknown;
  strategy?: unknown;
  gauntlet?: boolean;
  games?: number;
  concurrency: number;
  threads?: number;
  seed: number;
  rules: Rules;
  fleets: 'seeded' | 'own';
  sprt?: SprtConfig;
  ratingInterval: number;
  out?: string;
  resume?: string;
  report?: string;
  logDir?: string;
  server?: string;
  trace?: boolean;
  json: boolean;
  quiet: boolean;
}

/** Pairs per pairing an SPRT may play before it gives up, unless --games says otherwise. */
const SPRT_PAIRS = 5000;

function sprtArg(value: string): SprtConfig {
  const parsed = parseSprt(value);
  if (typeof parsed === 'string') throw new InvalidArgumentError(parsed);
  return parsed;
}

/** The clock options of a saved run, in the words --resume refuses to change. */
const CLOCK_KEYS = [
  ['time', 'timeMs', (c: TournamentConfig) => c.clock.timeMs],
  ['timeMargin', 'marginMs', (c: TournamentConfig) => c.clock.marginMs],
] as const;

/**
 * A saved run continued (docs/engines.md, "Resuming"): its settings stand, except --games (more
 * or fewer pairs per pairing) and --sprt (a test added, or another one), which extend a finished
 * or stopped run. What decides the games already played (rules, fleets, seed, participants, clock)
 * cannot change: a run that mixed two would be neither.
 */
function resumed(
  options: TournamentOptions,
  typed: (key: string) => boolean,
  saved: Saved,
): { saved: Saved; changes: string[] } {
  const { config } = saved;
  const refuse = (what: string, now: string, was: string): never => {
    throw new CliError(
      `--resume ${options.resume}: ${what} ${now} is not the run's (${was}); a resumed run keeps the rules, fleets, seed, ` +
        'participants and clock its games were played with: start another run (--out) for new ones',
    );
  };
  if (typed('rules') && formatRules(options.rules) !== formatRules(config.rules))
    refuse('--rules', formatRules(options.rules), formatRules(config.rules));
  if (typed('fleets') && options.fleets !== config.fleets) refuse('--fleets', options.fleets, config.fleets);
  if (typed('seed') && options.seed !== config.seed) refuse('--seed', String(options.seed), String(config.seed));
  if (typed('gauntlet') && Boolean(options.gauntlet) !== config.gauntlet)
    refuse('--gauntlet', 'on', config.gauntlet ? 'on' : 'off');
  for (const [key, , of] of CLOCK_KEYS)
    if (typed(key) && options[key] !== of(config))
      refuse(`--${key === 'time' ? 'time' : 'time-margin'}`, String(options[key]), String(of(config)));
  const changes: string[] = [];
  let pairs = config.pairs;
  let sprt = saved.sprt;
  if (options.sprt) {
    if (config.participants.length !== 2)
      throw new CliError(`--sprt compares exactly two participants; this run has ${config.participants.length}`);
    sprt = options.sprt;
    changes.push(`SPRT ${formatSprt(sprt)}`);
    if (options.games === undefined && pairs < SPRT_PAIRS) pairs = SPRT_PAIRS;
  }
  if (options.games !== undefined) pairs = options.games;
  if (pairs !== config.pairs) changes.push(`${pairs} pairs per pairing (was ${config.pairs})`);
  return { saved: { ...saved, config: { ...config, pairs }, sprt }, changes };
}

/** `broadside tournament`: engines, built-ins and modules in a round robin or gauntlet (docs/engines.md). */
export function tournamentCommand(): Command {
  const participants = participantCollector();
  return withClockOptions(
    new Command('tournament')
      .description(
        'engines, strategies and modules play paired games: ratings, shots, crosstable, Elo, SPRT (docs/engines.md)',
      )
      .addOption(
        new Option(
          '--engine <command...>',
          'an engine speaking BEP: "[NAME=]command", then option.NAME=VALUE words for it (repeatable)',
        ).argParser(participants.engine),
      )
      .addOption(
        new Option(
          '--strategy <[NAME=]name|./bot.mjs>',
          'a built-in strategy or a JavaScript module (repeatable)',
        ).argParser(participants.strategy),
      )
      .addOption(new Option('--gauntlet', 'the first participant plays each of the others (default: round robin)'))
      .addOption(
        new Option(
          '--games <n>',
          `pairs of games per pairing (default 10; with --sprt, the most pairs before giving up: ${SPRT_PAIRS}); with --resume, the new number`,
        ).argParser(integer(1)),
      )
      .addOption(new Option('--concurrency <n>', 'games at once').default(availableParallelism()).argParser(integer(1)))
      .addOption(
        new Option(
          '--threads <n>',
          'worker threads for in-process games (default: min(concurrency, cores), none when every participant is an engine; 0: this thread)',
        ).argParser(integer(0)),
      )
      .addOption(seedOption())
      .addOption(
        new Option('--rules <rules>', 'fleet=classic|russian,touch=yes|no,shots=one|salvo,again=never|hit')
          .default(CLASSIC_RULES, 'classic')
          .argParser(rulesArg),
      )
      .addOption(
        new Option(
          '--fleets <how>',
          'seeded: both games of a pair use the same two fleets drawn by the harness; own: engines place',
        )
          .choices(['seeded', 'own'])
          .default('seeded'),
      )
      .addOption(
        new Option(
          '--sprt <elo0=…,elo1=…[,alpha=…,beta=…,model=…]>',
          'stop as soon as the SPRT decides (two participants; alpha and beta 0.05, model logistic unless given)',
        ).argParser(sprtArg),
      )
      .addOption(
        new Option('--rating-interval <games>', 'print the standings (and the LLR) every N games; 0: never')
          .default(100)
          .argParser(integer(0)),
      )
      .addOption(new Option('--out <dir>', 'write every game as a script file and autosave results there'))
      .addOption(
        new Option(
          '--resume <dir>',
          'continue a tournament saved with --out, without replaying finished games (--games and --sprt extend it)',
        ),
      )
      .addOption(new Option('--report <file.html>', 'write a self-contained HTML report'))
      .addOption(new Option('--log-dir <dir>', 'engine logs (default: DIR/logs with --out, else a temporary folder)'))
      .addOption(
        new Option('--server <url>', 'play every game through this server (default: offline, in-process)').argParser(
          serverUrl,
        ),
      )
      .addOption(new Option('--trace', "log every protocol line in the engines' logs"))
      .addOption(jsonOption())
      .addOption(quietOption()),
  )
    .addHelpText(
      'after',
      examples([
        'broadside tournament --engine "py=python3 examples/engines/hunt.py" --engine "node examples/engines/hunt.mjs" --strategy density --games 20',
        'broadside tournament --engine new=./my-bot option.Depth=3 --engine old=./my-bot-v1 --sprt elo0=0,elo1=10 --out runs/new',
        'broadside tournament --resume runs/new --games 2000 --report runs/new/report.html',
        'broadside tournament --strategy density --strategy hunt --strategy random --gauntlet --games 100 --json',
        'broadside view runs/new',
      ]),
    )
    .action(async (options: TournamentOptions, command: Command) => {
      const out = createOutput(options);
      const typed = (key: string): boolean => {
        const source = command.getOptionValueSource(key);
        return source === 'cli' || source === 'env';
      };
      let config: TournamentConfig;
      let sprt: SprtConfig | null;
      let store: TournamentStore | null = null;
      let done: GameSummary[] = [];
      if (options.resume) {
        if (participants.list.length > 0 || options.out)
          throw new CliError(
            '--resume continues a saved tournament with its participants: leave out --engine, --strategy and --out',
          );
        store = new TournamentStore(options.resume);
        const loaded = store.load();
        const next = resumed(options, typed, loaded.saved);
        if (next.changes.length > 0) store.update(next.saved);
        config = next.saved.config;
        sprt = next.saved.sprt;
        done = loaded.games;
        out.info(
          `resuming ${options.resume}: ${done.length} game(s) already played` +
            (next.changes.length > 0 ? `; now ${next.changes.join(', ')}` : ''),
        );
      } else {
        if (participants.list.length < 2)
          throw new CliError(
            'a tournament needs at least two participants (--engine "NAME=command", --strategy NAME|./bot.mjs)',
          );
        sprt = options.sprt ?? null;
        if (sprt && participants.list.length !== 2)
          throw new CliError(`--sprt compares exactly two participants, got ${participants.list.length}`);
        config = {
          participants: uniqueNames(participants.list),
          gauntlet: Boolean(options.gauntlet),
          pairs: options.games ?? (sprt ? SPRT_PAIRS : 10),
          seed: options.seed,
          rules: options.rules,
          fleets: options.fleets,
          clock: clockOf(options),
          timeouts: timeoutsOf(options),
          trace: Boolean(options.trace),
        };
        if (options.out) {
          store = new TournamentStore(options.out);
          store.create({ version: 1, config, sprt });
        }
      }
      const stop: { stopped: boolean; abort?: () => void } = { stopped: false };
      let signalled: NodeJS.Signals | null = null;
      let running = false;
      let stopBar = (): void => {};
      const onSignal = (signal: NodeJS.Signals): void => {
        const code = signal === 'SIGINT' ? 130 : 143;
        if (stop.stopped || !running) {
          if (stop.stopped) process.stderr.write(`broadside: ${signal} again: quitting at once\n`);
          killAllEngines();
          process.exit(code);
        }
        stop.stopped = true;
        signalled = signal;
        stopBar();
        process.stderr.write(
          `broadside: ${signal}: stopping; the games under way are dropped${store ? ` and played again by --resume ${store.dir}` : ''} ` +
            '(again to quit at once)\n',
        );
        // Engines of this thread now, and any a game is still starting; worker threads through the runner.
        stopAllEngines();
        stop.abort?.();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        const logDir = store?.logDir ?? options.logDir ?? join(tmpdir(), `broadside-engines-${process.pid}`);
        // Every engine starts and shakes hands once before the first game: a broken setup stops here.
        const ready = await preflightEngines(config.participants, {
          timeouts: config.timeouts,
          logDir,
          trace: Boolean(config.trace),
        });
        for (const engine of ready)
          out.info(
            `engine ${engine.name}: ${engine.identity.name ?? '(no id name)'}${engine.identity.author ? ` by ${engine.identity.author}` : ''}, ` +
              `bepok in ${Math.round(engine.handshakeMs)} ms, options: ${describeOptions(engine.identity.options)}`,
          );
        const bar = createProgress(
          schedule(config).length,
          options.quiet,
          'tournament |{bar}| {value}/{total} games | {status} | {eta_formatted} left',
        );
        stopBar = () => bar.stop();
        running = true;
        const run = await runTournament(
          config,
          {
            concurrency: options.concurrency,
            threads: options.threads ?? defaultThreads(options.concurrency, config.participants),
            sprt,
            store,
            done,
            logDir,
            ...(options.server ? { server: options.server, runner: serverRunner(config, options.server, logDir) } : {}),
            stop,
          },
          {
            game(count, total, summary, tally) {
              const s = tally.sprtState();
              const status = s
                ? `LLR ${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]`
                : `${count} played`;
              bar.update(count, { status });
              void total;
              if (summary.reason !== 'sunk' && summary.reason !== 'resign') {
                const names = config.participants;
                const loser = names[summary.winner === summary.seats[0] ? summary.seats[1] : summary.seats[0]]?.name;
                bar.interrupt(() =>
                  out.info(`game ${summary.id}: ${loser} lost by ${summary.reason}: ${summary.detail}`),
                );
              }
              if (options.ratingInterval > 0 && count % options.ratingInterval === 0)
                bar.interrupt(() => out.info(intervalLine(count, tally)));
            },
          },
        ).finally(() => bar.stop());
        const { report } = run;
        const lines = textReport(report);
        out.report(lines);
        if (options.report) {
          writeFileSync(options.report, renderTournamentHtml(report, lines, run.games, { dir: store?.dir ?? null }));
          out.info(`report written to ${options.report}`);
        }
        out.result(report);
        if (signalled)
          throw new CliError(
            `stopped by ${signalled} after ${report.games} game(s)` +
              (store ? `; continue with: broadside tournament --resume ${store.dir}` : ''),
            signalled === 'SIGINT' ? 130 : 143,
          );
        if (report.faulted.length > 0)
          throw new CliError(
            `${report.faulted.join(', ')} lost every game by a fault: the run measured nothing about ${report.faulted.length > 1 ? 'them' : 'it'} (see the engine logs${report.logDir ? ` in ${report.logDir}` : ''})`,
          );
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
