import { Command, InvalidArgumentError } from 'commander';
import { ApiError } from '../../src/protocol';
import { CliError } from '../errors';
import { examples, serverOption } from '../options';
import { accountFrom, withAccountOptions } from '../session';

interface ExportOptions {
  server: string;
  email?: string;
  password?: string;
  register?: boolean;
}

function gameId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1)
    throw new InvalidArgumentError(`expected a game id (a whole number ≥ 1), got "${value}"`);
  return id;
}

/** `broadside export GAME_ID`: a finished game as a `broadside script` file on stdout. */
export function exportCommand(): Command {
  return withAccountOptions(
    new Command('export')
      .description('print a finished game as a `broadside script` file that plays it again (docs/cli.md)')
      .argument('<gameId>', 'the game, as its replay link /replay/GAME_ID shows it', gameId)
      .addOption(serverOption()),
  )
    .addHelpText(
      'after',
      examples([
        'broadside export 42 --register > game-42.json && broadside script game-42.json',
        'BROADSIDE_EMAIL=me@example.com BROADSIDE_PASSWORD=secret broadside export 42 --server https://broadside.example',
      ]),
    )
    .action(async (id: number, options: ExportOptions) => {
      const me = await accountFrom(options);
      try {
        const [script, record] = await Promise.all([me.api.gameScript(id), me.api.gameRecord(id)]);
        // The record rides along: `broadside view` and `broadside analyse` read the game as played.
        process.stdout.write(`${JSON.stringify({ ...(script as object), record }, null, 2)}\n`);
      } catch (error) {
        if (error instanceof ApiError) throw new CliError(`game ${id}: ${error.message}`);
        throw error;
      }
    });
}
