import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverRunner } from '../tournament/server-runner';
import { Command, InvalidArgumentError, Option } from 'commander';
import { CLASSIC_RULES, type Rules } from '../../src/game';
import { killAllEngines } from '../engine/reaper';
import {
  clockOf,
  type ClockOptions,
  participantCollector,
  rulesArg,
  timeoutsOf,
  withClockOptions,
} from '../engine/options';
import { uniqueNames } from '../engine/participant';
import { CliError } from '../errors';
import { examples, integer, jsonOption, quietOption, seedOption, serverUrl } from '../options';
import { createOutput } from '../output';
import { createProgress } from '../progress';
import { renderTournamentHtml } from '../tournament/html-report';
import { defaultThreads, runTournament } from '../tournament/run';
import type { TournamentConfig } from '../tournament/schedule';
import { parseSprt, type SprtConfig } from '../tournament/sprt';
import { TournamentStore } from '../tournament/store';
import type { GameSummary } from '../tournament/tally';
import { textReport } from '../tournament/text-report';
import { availableParallelism } from 'node:os';

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
  out?: string;
  resume?: string;
  report?: string;
  logDir?: string;
  server?: string;
  trace?: boolean;
  json: boolean;
  quiet: boolean;
}

function sprtArg(value: string): SprtConfig {
  const parsed = parseSprt(value);
  if (typeof parsed === 'string') throw new InvalidArgumentError(parsed);
  return parsed;
}

/** `broadside tournament`: engines, built-ins and modules in a round robin or gauntlet (docs/engines.md). */
export function tournamentCommand(): Command {
  const participants = participantCollector();
  return withClockOptions(
    new Command('tournament')
      .description(
        'engines, strategies and modules play paired games: standings, crosstable, Elo, SPRT (docs/engines.md)',
      )
      .addOption(
        new Option('--engine <[NAME=]command>', 'an engine speaking BEP (repeatable)').argParser(participants.engine),
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
          'pairs of games per pairing (default 10; with --sprt, the most pairs before giving up: 5000)',
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
          '--sprt <elo0=…,elo1=…,alpha=…,beta=…>',
          'stop as soon as the SPRT decides (two participants)',
        ).argParser(sprtArg),
      )
      .addOption(new Option('--out <dir>', 'write every game as a script file and autosave results there'))
      .addOption(
        new Option('--resume <dir>', 'continue a tournament saved with --out, without replaying finished games'),
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
        'broadside tournament --engine new=./my-bot --engine old=./my-bot-v1 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 --out runs/new',
        'broadside tournament --resume runs/new --report runs/new/report.html',
        'broadside tournament --strategy density --strategy hunt --strategy random --gauntlet --games 100 --json',
      ]),
    )
    .action(async (options: TournamentOptions) => {
      const out = createOutput(options);
      let config: TournamentConfig;
      let sprt: SprtConfig | null;
      let store: TournamentStore | null = null;
      let done: GameSummary[] = [];
      if (options.resume) {
        if (participants.list.length > 0 || options.out)
          throw new CliError(
            '--resume continues a saved tournament as it was: leave out --engine, --strategy and --out',
          );
        store = new TournamentStore(options.resume);
        const loaded = store.load();
        config = loaded.saved.config;
        sprt = loaded.saved.sprt;
        done = loaded.games;
        out.info(`resuming ${options.resume}: ${done.length} game(s) already played`);
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
          pairs: options.games ?? (sprt ? 5000 : 10),
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
      const planned =
        config.pairs *
        2 *
        (config.gauntlet
          ? config.participants.length - 1
          : (config.participants.length * (config.participants.length - 1)) / 2);
      const bar = createProgress(
        planned,
        options.quiet,
        'tournament |{bar}| {value}/{total} games | {status} | {eta_formatted} left',
      );
      const stop = { stopped: false };
      const onSignal = (signal: NodeJS.Signals): void => {
        if (stop.stopped) return;
        stop.stopped = true;
        bar.stop();
        process.stderr.write(
          `broadside: ${signal}: stopping; engines killed${store ? `, finished games saved (--resume ${store.dir})` : ''}\n`,
        );
        killAllEngines();
        process.exit(signal === 'SIGINT' ? 130 : 143);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        const report = await runTournament(
          config,
          {
            concurrency: options.concurrency,
            threads: options.threads ?? defaultThreads(options.concurrency, config.participants),
            sprt,
            store,
            done,
            ...(options.logDir ? { logDir: options.logDir } : {}),
            ...(options.server
              ? {
                  server: options.server,
                  runner: serverRunner(
                    config,
                    options.server,
                    store?.logDir ?? options.logDir ?? join(tmpdir(), `broadside-engines-${process.pid}`),
                  ),
                }
              : {}),
            stop,
          },
          {
            game(count, total, summary, standings) {
              const s = standings.sprt;
              const status = s
                ? `LLR ${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]`
                : `${standings.participants.map((p) => `${p.name} ${p.wins}`).join(' ')}`;
              bar.update(count, { status });
              if (summary.reason !== 'sunk' && summary.reason !== 'resign') {
                const names = config.participants;
                const loser = names[summary.winner === summary.seats[0] ? summary.seats[1] : summary.seats[0]]?.name;
                out.info(`game ${summary.id}: ${loser} lost by ${summary.reason}: ${summary.detail}`);
              }
              void total;
            },
          },
        ).finally(() => bar.stop());
        const lines = textReport(report);
        out.report(lines);
        if (options.report) {
          writeFileSync(options.report, renderTournamentHtml(report, lines));
          out.info(`report written to ${options.report}`);
        }
        out.result({
          ...report,
          participants: report.participants.map((p) => ({ ...p })),
          eloDiff: report.eloDiff,
          sprt: report.sprt,
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
