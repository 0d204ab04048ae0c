import { Command, Option } from 'commander';
import type { Rules } from '../../src/game';
import { examples, jsonOption, quietOption, rulesArg, secondsOption, serverOption } from '../options';
import { createOutput } from '../output';
import { loadScript } from '../script/load';
import { runScript } from '../script/run';

interface ScriptOptions {
  server: string;
  timeout: number;
  rules?: Rules;
  json: boolean;
  quiet: boolean;
}

export function scriptCommand(): Command {
  return new Command('script')
    .description('play a scripted scenario from a JSON file; exits non-zero at the first unexpected result')
    .argument('<file>', 'the script (format in docs/cli.md, sample in examples/script.json)')
    .addOption(serverOption())
    .addOption(secondsOption('--timeout <seconds>', 'longest wait for any single step', 30))
    .addOption(
      // No environment fallback: an ambient BROADSIDE_RULES must not override the file's own rules.
      new Option(
        '--rules <list>',
        "the created room's rules, over the file's `rules` (e.g. fleet=russian,shots=salvo)",
      ).argParser(rulesArg),
    )
    .addOption(jsonOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      examples([
        'broadside script examples/script.json',
        'broadside script my-scenario.json --server http://127.0.0.1:3999 --json',
        'broadside script my-salvo-game.json --rules fleet=russian,shots=salvo',
      ]),
    )
    .action(async (file: string, options: ScriptOptions) => {
      const out = createOutput(options);
      const script = await loadScript(file);
      const report = await runScript(
        script,
        options.server,
        options.timeout * 1000,
        (step) => {
          const expected = step.expect ? ` (expected ${step.expect})` : step.filler ? ' (filling the salvo)' : '';
          const which = step.filler ? 'extra shot' : `shot #${step.index + 1}`;
          out.info(`${which} at (${step.x},${step.y}): ${step.result}${expected}`);
        },
        options.rules,
      );
      out.report([
        `script ${file}: ${report.steps.length} shots as expected in room ${report.slug} (rules ${report.rules})` +
          (report.winner ? `, ${report.winner} won as expected` : ''),
      ]);
      out.result({ file, ok: true, ...report });
    });
}
