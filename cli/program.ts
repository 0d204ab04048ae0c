import { Command, CommanderError } from 'commander';
import { analyseCommand } from './commands/analyse';
import { benchCommand } from './commands/bench';
import { checkEngineCommand } from './commands/check-engine';
import { duelCommand } from './commands/duel';
import { exportCommand } from './commands/export';
import { loadCommand } from './commands/load';
import { playCommand } from './commands/play';
import { scriptCommand } from './commands/script';
import { tournamentCommand } from './commands/tournament';
import { viewCommand } from './commands/view';
import { CliError, describeError } from './errors';

export function createProgram(): Command {
  const program = new Command('broadside')
    .description('Broadside bot harness: offline benches, bots on a server, duels, scripted scenarios and load tests')
    .version('0.1.0')
    .showSuggestionAfterError()
    .addCommand(benchCommand())
    .addCommand(playCommand())
    .addCommand(duelCommand())
    .addCommand(scriptCommand())
    .addCommand(exportCommand())
    .addCommand(loadCommand())
    .addCommand(tournamentCommand())
    .addCommand(checkEngineCommand())
    .addCommand(analyseCommand())
    .addCommand(viewCommand());
  for (const command of program.commands) command.exitOverride();
  return program.exitOverride();
}

/**
 * Runs the CLI and returns the exit code. Every failure ends as one line on stderr and a non-zero
 * code: commander prints its own usage errors, everything else is printed here.
 */
export async function run(argv: readonly string[]): Promise<number> {
  try {
    await createProgram().parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    process.stderr.write(`broadside: ${describeError(error)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
