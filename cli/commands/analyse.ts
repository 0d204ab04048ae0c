import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { analyseGame, InconsistentGameError, movesOf, SAMPLES, summarise } from '../../src/bots/analysis';
import { ApiError } from '../../src/protocol';
import type { GameAnalysis } from '../../src/protocol/analysis';
import { analysisReport } from '../analyse/report';
import { fromFile, fromRecord, type GameToAnalyse } from '../analyse/source';
import { EngineAnalyser } from '../engine/analyser';
import { logFileOf, parseEngineSpec } from '../engine/participant';
import { CliError } from '../errors';
import { examples, integer, jsonOption, quietOption, serverOption } from '../options';
import { createOutput } from '../output';
import { accountFrom, withAccountOptions } from '../session';

interface AnalyseOptions {
  server: string;
  email?: string;
  password?: string;
  register?: boolean;
  engine?: string;
  time: number;
  logDir?: string;
  seed?: number;
  samples: number;
  json: boolean;
  quiet: boolean;
}

/** A game id (a whole number with no file of that name), or a file. */
async function load(game: string, options: AnalyseOptions): Promise<GameToAnalyse> {
  if (!/^[1-9][0-9]*$/.test(game) || existsSync(game)) return fromFile(game);
  const me = await accountFrom(options);
  try {
    return fromRecord(await me.api.gameRecord(Number(game)));
  } catch (error) {
    if (error instanceof ApiError) throw new CliError(`game ${game}: ${error.message}`);
    throw error;
  }
}

/** `broadside analyse GAME`: every move of a finished game graded (docs/analysis.md). */
export function analyseCommand(): Command {
  return withAccountOptions(
    new Command('analyse')
      .alias('analyze')
      .description(
        'grade every move of a finished game against the best move available then (docs/analysis.md): a table per move, or --json',
      )
      .argument(
        '<game>',
        'a game id (its replay link /replay/GAME_ID; needs an account), or a game record or script file',
      )
      .addOption(serverOption())
      .addOption(
        new Option(
          '--engine <command>',
          'grade by this BEP engine, which must offer analyse (docs/engines.md, "Analysis")',
        ),
      )
      .addOption(new Option('--time <ms>', "the engine's time per analyse").default(5000).argParser(integer(1)))
      .addOption(new Option('--log-dir <dir>', "where the engine's log goes (default: a temporary folder)"))
      .addOption(
        new Option('--seed <n>', "the sampler's seed (default: the game id, as the server uses, else 1)").argParser(
          integer(0),
        ),
      )
      .addOption(
        new Option('--samples <n>', 'boards drawn per position that cannot be counted exactly')
          .default(SAMPLES)
          .argParser(integer(100)),
      )
      .addOption(jsonOption())
      .addOption(quietOption()),
  )
    .addHelpText(
      'after',
      examples([
        'broadside analyse 42 --email me@example.com --password secret',
        'broadside export 42 --register > game-42.json && broadside analyse game-42.json',
        'broadside analyse game-42.json --engine "node examples/engines/hunt.mjs" --json',
      ]),
    )
    .action(async (game: string, options: AnalyseOptions) => {
      const out = createOutput(options);
      const loaded = await load(game, options);
      const progress = (done: number, total: number): void => {
        if (done === total || done % 20 === 0) out.info(`${loaded.label}: ${done}/${total} moves graded`);
      };
      let analysis: GameAnalysis;
      try {
        if (options.engine) {
          const spec = parseEngineSpec(options.engine);
          const logFile = logFileOf(options.logDir ?? join(tmpdir(), `broadside-analyse-${process.pid}`), spec.name);
          const engine = await EngineAnalyser.start({ command: spec.command, name: spec.name, logFile }, options.time);
          try {
            const moves = movesOf(loaded.source);
            const graded = await engine.analyse(loaded.source, moves, String(loaded.gameId ?? 'file'), progress);
            analysis = {
              engine: engine.name,
              rules: loaded.source.rules,
              samples: 0,
              moves: graded,
              players: summarise(loaded.source, graded),
            };
          } finally {
            await engine.close();
          }
          out.info(`engine log: ${logFile}`);
        } else {
          analysis = analyseGame(loaded.source, {
            seed: options.seed ?? loaded.gameId ?? 1,
            samples: options.samples,
            onMove: progress,
          });
        }
      } catch (error) {
        if (error instanceof InconsistentGameError) throw new CliError(`${loaded.label}: ${error.message}`);
        throw error;
      }
      out.report(analysisReport(analysis, loaded.label, loaded.names));
      out.result({
        game: loaded.label,
        gameId: loaded.gameId,
        names: Object.fromEntries(loaded.names),
        ...analysis,
      });
    });
}
