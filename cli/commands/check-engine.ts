import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { CLASSIC_RULES, type Rules } from '../../src/game';
import { checkEngine } from '../engine/check';
import { clockOf, type ClockOptions, rulesArg, timeoutsOf, withClockOptions } from '../engine/options';
import { logFileOf, type Participant, parseEngineSpec, withOptionWord } from '../engine/participant';
import { CliError } from '../errors';
import { examples, integer, jsonOption } from '../options';

interface CheckOptions extends ClockOptions {
  rules: Rules;
  games: number;
  logDir?: string;
  trace?: boolean;
  json: boolean;
}

/** `broadside check-engine "<command>"`: exit 0 when the engine complies, else one line per failure. */
export function checkEngineCommand(): Command {
  return withClockOptions(
    new Command('check-engine')
      .description('check that a program speaks the Broadside Engine Protocol (docs/engines.md)')
      .argument('<command>', 'the engine, as a shell command line')
      .argument('[options...]', 'option.NAME=VALUE to set instead of every default (docs/engines.md, "Engine options")')
      .addOption(
        new Option('--rules <rules>', 'rules of the test games').default(CLASSIC_RULES, 'classic').argParser(rulesArg),
      )
      .addOption(new Option('--games <n>', 'whole games against a random bot').default(2).argParser(integer(1)))
      .addOption(new Option('--log-dir <dir>', "where the engine's log goes (default: a temporary folder)"))
      .addOption(new Option('--trace', "log every protocol line in the engine's log"))
      .addOption(jsonOption()),
  )
    .addHelpText(
      'after',
      examples([
        'broadside check-engine "python3 examples/engines/hunt.py"',
        'broadside check-engine "node examples/engines/hunt.mjs" --time 200',
        'broadside check-engine "python3 examples/engines/hunt.py" option.Parity=false',
      ]),
    )
    .action(async (command: string, words: string[], options: CheckOptions) => {
      let participant: Participant = parseEngineSpec(command);
      for (const word of words) participant = withOptionWord(participant, word);
      if (participant.kind !== 'engine') throw new Error('unreachable');
      const logFile = logFileOf(options.logDir ?? join(tmpdir(), `broadside-check-${process.pid}`), participant.name);
      const { steps, identity, stderr } = await checkEngine(
        {
          command: participant.command,
          name: participant.name,
          ...(participant.options ? { options: participant.options } : {}),
          rules: options.rules,
          clock: clockOf(options),
          timeouts: timeoutsOf(options),
          logFile,
          games: options.games,
          trace: Boolean(options.trace),
        },
        (step) => {
          if (!options.json) process.stdout.write(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name}: ${step.detail}\n`);
        },
      );
      const failures = steps.filter((s) => !s.ok);
      if (options.json)
        process.stdout.write(
          `${JSON.stringify({
            command,
            compliant: failures.length === 0,
            steps,
            engine: identity && {
              name: identity.name,
              author: identity.author,
              options: identity.options,
            },
            stderr,
            log: logFile,
          })}\n`,
        );
      else {
        if (stderr.length > 0)
          process.stdout.write(`its stderr (last lines):\n${stderr.map((l) => `  ${l}`).join('\n')}\n`);
        process.stdout.write(`engine log: ${logFile}\n`);
      }
      if (failures.length > 0)
        throw new CliError(`${participant.name} is not compliant: ${failures.length} failure(s)`);
    });
}
