/** Where a command writes: human lines unless --quiet, and the --json report as the last stdout line. */
export interface Output {
  readonly json: boolean;
  readonly quiet: boolean;
  /** A progress or per-game line; dropped with --quiet, sent to stderr with --json so stdout stays parseable. */
  info(line: string): void;
  /** Something went wrong but the run goes on (a chat line refused): always on stderr, even with --quiet. */
  warn(line: string): void;
  /** The final human report (skipped with --json, which prints the object instead). */
  report(lines: readonly string[]): void;
  /** The machine-readable result, printed only with --json. */
  result(value: unknown): void;
}

export function createOutput(options: { json: boolean; quiet: boolean }): Output {
  return {
    json: options.json,
    quiet: options.quiet,
    info(line) {
      if (options.quiet) return;
      (options.json ? process.stderr : process.stdout).write(`${line}\n`);
    },
    warn(line) {
      process.stderr.write(`${line}\n`);
    },
    report(lines) {
      if (!options.json) process.stdout.write(`${lines.join('\n')}\n`);
    },
    result(value) {
      if (options.json) process.stdout.write(`${JSON.stringify(value)}\n`);
    },
  };
}
