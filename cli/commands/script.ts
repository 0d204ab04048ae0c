import { Command } from 'commander';
import { examples, jsonOption, quietOption, secondsOption, serverOption } from '../options';
import { createOutput } from '../output';
import { loadScript } from '../script/load';
import { runScript } from '../script/run';

interface ScriptOptions {
  server: string;
  timeout: number;
  json: boolean;
  quiet: boolean;
}

export function scriptCommand(): Command {
  return new Command('script')
    .description('play a scripted scenario from a JSON file; exits non-zero at the first unexpected result')
    .argument('<file>', 'the script (format in docs/cli.md, sample in examples/script.json)')
    .addOption(serverOption())
    .addOption(secondsOption('--timeout <seconds>', 'longest wait for any single step', 30))
    .addOption(jsonOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      examples([
        'broadside script examples/script.json',
        'broadside script my-scenario.json --server http://127.0.0.1:3999 --json',
      ]),
    )
    .action(async (file: string, options: ScriptOptions) => {
      const out = createOutput(options);
      const script = await loadScript(file);
      const report = await runScript(script, options.server, options.timeout * 1000, (step) => {
        const expected = step.expect ? ` (expected ${step.expect})` : '';
        out.info(`shot #${step.index + 1} at (${step.x},${step.y}): ${step.result}${expected}`);
      });
      out.report([
        `script ${file}: ${report.steps.length} shots as expected in room ${report.slug}` +
          (report.winner ? `, ${report.winner} won as expected` : ''),
      ]);
      out.result({ file, ok: true, ...report });
    });
}
