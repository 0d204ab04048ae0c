import { type Command, InvalidArgumentError, Option } from 'commander';
import { PLACER_NAMES, PLACERS, SHOOTER_NAMES, SHOOTERS } from '../src/bots';
import { CLASSIC_RULES, parseRules, type Rules } from '../src/game';

/** Parses a whole number ≥ min for an option. */
export function integer(min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`expected a whole number ≥ ${min}, got "${value}"`);
    return n;
  };
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`expected a number ≥ 0, got "${value}"`);
  return n;
}

/** Parses a server's http(s) URL for an option, keeping only its origin. */
export function serverUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin;
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL, got "${value}"`);
  }
}

/** The options shared by every command (issue #5): --server, --json, --seed, --quiet. */
export interface CommonOptions {
  readonly server: string;
  readonly json: boolean;
  readonly seed: number;
  readonly quiet: boolean;
}

export const DEFAULT_SERVER = 'http://localhost:3000';

export const serverOption = (): Option =>
  new Option('--server <url>', 'server origin').default(DEFAULT_SERVER).env('BROADSIDE_SERVER').argParser(serverUrl);
export const jsonOption = (): Option =>
  new Option('--json', 'print a machine-readable JSON report as the last line of stdout').env('BROADSIDE_JSON');
export const seedOption = (fallback: number | undefined = 1): Option => {
  const option = new Option('--seed <n>', 'seed of every random choice, so a run replays exactly')
    .env('BROADSIDE_SEED')
    .argParser(integer(0));
  return fallback === undefined ? option : option.default(fallback);
};
export const quietOption = (): Option =>
  new Option('--quiet', 'no progress bar nor per-game lines, only the final report').env('BROADSIDE_QUIET');

export const strategyOption = (flags = '--strategy <name>', fallback = 'sampler'): Option =>
  new Option(flags, 'shot strategy').choices(SHOOTER_NAMES).default(fallback);
export const placementOption = (flags = '--placement <name>', fallback = 'random'): Option =>
  new Option(flags, 'placement strategy').choices(PLACER_NAMES).default(fallback);
export const gamesOption = (fallback: number): Option =>
  new Option('--games <n>', 'number of games').default(fallback).env('BROADSIDE_GAMES').argParser(integer(1));
export const workersOption = (description: string, fallback: number): Option =>
  new Option('--workers <n>', description).default(fallback).env('BROADSIDE_WORKERS').argParser(integer(1));
export const secondsOption = (flags: string, description: string, fallback: number): Option =>
  new Option(flags, description).default(fallback).argParser(positiveNumber);

/** `--help` text listing examples, appended after the options. */
export function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** `--help` text listing every strategy with what it does. */
export function strategiesHelp(): string {
  const list = (title: string, entries: Readonly<Record<string, { description: string }>>): string =>
    `${title}:\n${Object.entries(entries)
      .map(([name, s]) => `  ${name.padEnd(8)} ${s.description}`)
      .join('\n')}`;
  return `\n${list('Shot strategies', SHOOTERS)}\n\n${list('Placement strategies', PLACERS)}`;
}

/**
 * The options and help every bot command ends with: --json, --quiet, the list of strategies and
 * the command's examples.
 */
export function withReportOptions(command: Command, exampleLines: readonly string[]): Command {
  return command
    .addOption(jsonOption())
    .addOption(quietOption())
    .addHelpText('after', strategiesHelp())
    .addHelpText('after', examples([...exampleLines]));
}

/** Parses `--rules fleet=russian,touch=no,shots=salvo,again=hit` (docs/game.md, "Rule variants"). */
export function rulesArg(value: string): Rules {
  const parsed = parseRules(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.error);
  return parsed.value;
}

export const rulesOption = (): Option =>
  new Option('--rules <list>', 'rule variant, e.g. fleet=russian,touch=no,shots=salvo,again=hit (default classic)')
    .env('BROADSIDE_RULES')
    .argParser(rulesArg)
    .default(CLASSIC_RULES, 'classic');
