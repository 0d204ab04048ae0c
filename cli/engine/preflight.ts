import { CliError } from '../errors';
import type { EngineOption } from './bep';
import { setOptionLine } from './bep';
import { type EngineIdentity, type EngineTimeouts, startEngine } from './engine-seat';
import { logFileOf, type Participant } from './participant';

/** What the pre-flight learnt of an engine: its `id` lines and advertised options. */
export interface Preflighted {
  readonly name: string;
  readonly identity: EngineIdentity;
  /** From start to `bepok`. */
  readonly handshakeMs: number;
}

export interface PreflightOptions {
  readonly timeouts: EngineTimeouts;
  readonly logDir: string;
  readonly trace?: boolean;
}

/** Why a value does not suit an advertised option, or null when it does. */
export function optionError(option: EngineOption, value: string): string | null {
  if (option.type === 'check')
    return value === 'true' || value === 'false' ? null : `${option.name} is a check option: true or false`;
  if (option.type === 'spin') {
    const n = Number(value);
    if (
      !/^-?\d+$/.test(value) ||
      (option.min !== undefined && n < option.min) ||
      (option.max !== undefined && n > option.max)
    )
      return `${option.name} is a spin option: a whole number from ${option.min} to ${option.max}`;
  }
  return null;
}

/** The options an engine advertises, one line: `Parity check default true, Depth spin 1..9 default 3`. */
export function describeOptions(options: readonly EngineOption[]): string {
  if (options.length === 0) return 'none';
  return options
    .map(
      (o) =>
        `${o.name} ${o.type}${o.type === 'spin' ? ` ${o.min}..${o.max}` : ''} default ${o.default === '' ? '""' : o.default}`,
    )
    .join(', ');
}

/** The `option.NAME=VALUE` values given for an engine checked against what it advertises. */
export function checkGivenOptions(
  name: string,
  advertised: readonly EngineOption[],
  given: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    const option = advertised.find((o) => o.name === key);
    if (!option) problems.push(`${name} advertises no option ${key} (it has: ${describeOptions(advertised)})`);
    else {
      const error = optionError(option, value);
      if (error) problems.push(`option.${key}=${value}: ${error}`);
    }
  }
  return problems;
}

/** The message of an engine that did not start: the fault, its command, its last stderr lines and log. */
export function startFailureMessage(
  engine: { name: string; command: string },
  detail: string,
  stderr: readonly string[],
  logFile: string,
): string {
  const lines = [`engine ${engine.name} did not start: ${detail}`, `  command: ${engine.command}`];
  if (stderr.length > 0) lines.push('  its stderr (last lines):', ...stderr.map((l) => `    ${l}`));
  else lines.push('  its stderr: nothing');
  lines.push(`  log: ${logFile}`);
  return lines.join('\n');
}

/**
 * Starts every engine once before the first game and shakes hands (docs/engines.md, "Before the
 * first game"): a command that does not start, dies or stays silent at the handshake, or is given
 * an option it does not advertise, stops the run at once with what it wrote on stderr, rather than
 * losing every game by fault. Each is then asked `isready` after its options and told to quit.
 * Engines are checked together; the first failure (in command-line order) is thrown as a CliError.
 */
export async function preflightEngines(
  participants: readonly Participant[],
  options: PreflightOptions,
): Promise<Preflighted[]> {
  const engines = participants.filter((p): p is Participant & { kind: 'engine' } => p.kind === 'engine');
  const results = await Promise.all(
    engines.map(async (engine): Promise<Preflighted | string> => {
      const logFile = logFileOf(options.logDir, engine.name);
      const started = performance.now();
      const spec = { command: engine.command, name: engine.name, logFile, trace: Boolean(options.trace) };
      const run = await startEngine(spec, options.timeouts.handshakeMs);
      if ('fault' in run) return startFailureMessage(engine, run.detail, run.stderr, logFile);
      const handshakeMs = performance.now() - started;
      const process = run.process;
      try {
        process.note('pre-flight: started and handshaken before the first game');
        const problems = checkGivenOptions(engine.name, run.identity.options, engine.options ?? {});
        if (problems.length > 0) return problems.join('\n');
        for (const [name, value] of Object.entries(engine.options ?? {})) process.send(setOptionLine(name, value));
        process.send('isready');
        const ready = await process.expect(['readyok'], performance.now() + options.timeouts.readyMs);
        if (ready.kind !== 'line') {
          const stderr = await process.stderrTail(ready.kind === 'timeout' ? 0 : 300);
          const what = ready.kind === 'timeout' ? `no readyok within ${options.timeouts.readyMs} ms` : ready.detail;
          return startFailureMessage(engine, `isready after the handshake: ${what}`, stderr, logFile);
        }
        return { name: engine.name, identity: run.identity, handshakeMs };
      } finally {
        // Not awaited: an engine slow to quit is killed after a second, while the games start.
        void process.quit();
      }
    }),
  );
  const failure = results.find((r): r is string => typeof r === 'string');
  if (failure !== undefined) throw new CliError(failure);
  return results as Preflighted[];
}
