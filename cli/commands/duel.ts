import { Command, Option } from 'commander';
import type { Rules } from '../../src/game';
import { type ClockOptions, withClockOptions } from '../engine/options';
import { serverEngineBot } from '../engine/server-bot';
import { runDuel } from '../duel/run';
import {
  gamesOption,
  placementOption,
  rulesOption,
  secondsOption,
  seedOption,
  serverOption,
  strategyOption,
  withReportOptions,
} from '../options';
import { createOutput } from '../output';
import { createProgress } from '../progress';

interface DuelOptions extends ClockOptions {
  aEngine?: string;
  bEngine?: string;
  server: string;
  a: string;
  b: string;
  aPlacement: string;
  bPlacement: string;
  games: number;
  seed: number;
  timeout: number;
  rules: Rules;
  json: boolean;
  quiet: boolean;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function duelCommand(): Command {
  return withReportOptions(
    withClockOptions(new Command('duel'))
      .description('pit two bots against each other through a server; wins with a 95% confidence interval')
      .addOption(serverOption())
      .addOption(strategyOption('--a <strategy>', 'sampler').env('BROADSIDE_A'))
      .addOption(strategyOption('--b <strategy>', 'density').env('BROADSIDE_B'))
      .addOption(new Option('--a-engine <command>', 'A is an engine speaking BEP (docs/engines.md)'))
      .addOption(new Option('--b-engine <command>', 'B is an engine speaking BEP'))
      .addOption(placementOption('--a-placement <name>').env('BROADSIDE_A_PLACEMENT'))
      .addOption(placementOption('--b-placement <name>').env('BROADSIDE_B_PLACEMENT'))
      .addOption(gamesOption(10))
      .addOption(seedOption())
      .addOption(rulesOption())
      .addOption(secondsOption('--timeout <seconds>', 'longest wait for any single step of a game', 30)),
    [
      'broadside duel --a sampler --b hunt --games 50',
      'broadside duel --a density --b density --b-placement edge --games 100 --json',
      'BROADSIDE_SERVER=http://127.0.0.1:3999 broadside duel --games 5',
      'broadside duel --a-engine "python3 examples/engines/hunt.py" --b density --games 20',
      'broadside duel --a density --b hunt --rules fleet=russian,again=hit --games 20',
    ],
  ).action(async (options: DuelOptions) => {
    const out = createOutput(options);
    const bar = createProgress(options.games, options.quiet, 'duel |{bar}| {value}/{total} games | A {wa} - {wb} B');
    let wa = 0;
    let wb = 0;
    const aEngine = options.aEngine ? serverEngineBot(options.aEngine, options) : null;
    const bEngine = options.bEngine ? serverEngineBot(options.bEngine, options) : null;
    const report = await runDuel({ ...options, stepTimeoutMs: options.timeout * 1000, aEngine, bEngine }, (game) => {
      if (game.winner === 'a') wa++;
      else wb++;
      bar.update(game.index + 1, { wa, wb });
      if (!process.stderr.isTTY) {
        out.info(
          `game ${game.index + 1}: ${game.winner.toUpperCase()} wins (A ${game.aShots} shots, B ${game.bShots})`,
        );
      }
    }).finally(() => bar.stop());
    const line = (name: string, s: typeof report.a): string =>
      `${name} ${s.strategy}/${s.placement}: ${s.wins} wins (${pct(s.winRate)}, 95% CI ${pct(s.ci95[0])}–${pct(s.ci95[1])}), ` +
      `${s.meanShots} shots/game, ${s.meanShotsToWin ?? '–'} shots/win`;
    out.report([
      `duel in room ${report.slug}: ${report.games} games in ${report.seconds} s, rules ${report.rules}`,
      line('A', report.a),
      line('B', report.b),
    ]);
    out.result(report);
  });
}
