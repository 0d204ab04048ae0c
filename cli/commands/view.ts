import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { CliError } from '../errors';
import { examples, integer } from '../options';
import { renderTournamentHtml } from '../tournament/html-report';
import { reportOf } from '../tournament/run';
import { TournamentStore } from '../tournament/store';
import { textReport } from '../tournament/text-report';
import { viewerClient } from '../view/client-dir';
import { fileSource, type GameSource, runSource } from '../view/games';
import { openBrowser } from '../view/open-browser';
import { startViewServer } from '../view/serve';

interface ViewOptions {
  game?: string;
  port: number;
  open: boolean;
  clientDir?: string;
}

/** A run's games and its report page (rebuilt when its results change: a run may still be going). */
function runOf(dir: string): { games: GameSource; report: () => Promise<string>; lookup: (game: string) => string } {
  const store = new TournamentStore(dir);
  let { saved, games } = store.load();
  const title = saved.config.participants.map((p) => p.name).join(', ');
  let source = runSource(dir, title, games);
  let cached: { stamp: string; html: string } | null = null;
  const stampOf = (): string => {
    const info = statSync(join(dir, 'results.jsonl'), { throwIfNoEntry: false });
    return info ? `${info.mtimeMs}/${info.size}` : '';
  };
  const refresh = (): void => {
    const stamp = stampOf();
    if (cached?.stamp === stamp) return;
    ({ saved, games } = store.load());
    source = runSource(dir, title, games);
    const report = reportOf(saved.config, games, saved.sprt, { out: dir });
    cached = { stamp, html: renderTournamentHtml(report, textReport(report), games, { dir, served: true }) };
  };
  const live: GameSource = {
    title,
    get ids() {
      return source.ids;
    },
    game: (id) => source.game(id),
  };
  return {
    games: live,
    report: async () => {
      refresh();
      return cached?.html ?? '';
    },
    /** `--game 1.2.1`, or `--game 7`: the 7th game in schedule order. */
    lookup(game) {
      if (source.ids.includes(game)) return game;
      const n = Number(game);
      const byNumber = Number.isInteger(n) && n >= 1 ? source.ids[n - 1] : undefined;
      if (byNumber) return byNumber;
      throw new CliError(
        `${dir} has no game ${game}: give a game's id (${source.ids.slice(0, 3).join(', ')}…) or its number, 1 to ${source.ids.length}`,
      );
    },
  };
}

/** `broadside view <game file | run dir> [--game N]`: the games in the browser's replay viewer (docs/cli.md). */
export function viewCommand(): Command {
  return new Command('view')
    .description("replay an offline game, or a tournament's games and report, in the browser's replay viewer")
    .argument(
      '<path>',
      'a game file (a tournament game, a `broadside export`, a saved record) or a tournament folder (--out)',
    )
    .addOption(
      new Option('--game <id>', 'with a folder: open this game (its id, 1.2.1, or its number) instead of the report'),
    )
    .addOption(new Option('--port <n>', 'port on 127.0.0.1 (0: any free one)').default(0).argParser(integer(0)))
    .addOption(new Option('--no-open', 'print the address instead of opening the browser'))
    .addOption(
      new Option(
        '--client-dir <dir>',
        'the built web client to serve (default: dist/ of the checkout, built once if needed)',
      ).env('BROADSIDE_CLIENT_DIR'),
    )
    .addHelpText(
      'after',
      examples([
        'broadside tournament --engine new=./my-bot --strategy density --games 20 --out runs/new && broadside view runs/new',
        'broadside view runs/new --game 1.3.2',
        'broadside export 42 --register > game-42.json && broadside view game-42.json',
      ]),
    )
    .action(async (path: string, options: ViewOptions) => {
      if (!existsSync(path)) throw new CliError(`${path}: no such file or folder`);
      const folder = statSync(path).isDirectory();
      if (folder && !existsSync(join(path, 'tournament.json')))
        throw new CliError(
          `${path} is not a tournament's folder (no tournament.json): give a game file or a --out folder`,
        );
      if (!folder && options.game) throw new CliError('--game goes with a tournament folder; a game file is one game');
      const run = folder ? runOf(path) : null;
      const games = run?.games ?? fileSource(path);
      const start = run && options.game ? run.lookup(options.game) : null;
      if (games.ids.length === 0) throw new CliError(`${path} has no game saved yet`);
      const clientDir = await viewerClient(options.clientDir, (line) => process.stderr.write(`${line}\n`));
      const { url, server } = await startViewServer({
        clientDir,
        games,
        report: run?.report ?? null,
        port: options.port,
      });
      const page = start ? `${url}view.html?game=${encodeURIComponent(start)}` : url;
      const opened = options.open && (await openBrowser(page));
      process.stdout.write(
        `${opened ? 'opened' : 'open'} ${page} (${run ? `${games.ids.length} games of ${games.title}` : path}); Ctrl-C to stop\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          server.close();
          server.closeAllConnections();
          resolve();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
