import { basename, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PLACERS, placerNamed, SHOOTERS, shooterNamed } from '../../src/bots';
import { salvoOf } from '../../src/bots/salvo';
import { CliError } from '../errors';
import { engineNameOf, isBareInterpreter } from './engine-name';
import { type EngineSeatConfig, EngineSeat, type EngineTimeouts } from './engine-seat';
import type { Seat } from './seat';
import { type InProcessBot, type InProcessPlacer, type InProcessShooter, StrategySeat } from './strategy-seat';

/**
 * A player of a tournament, a duel or a bench: an engine (a command speaking BEP), a built-in
 * strategy, or a JavaScript module exporting a shooter (docs/engines.md). Plain data, so it crosses
 * to worker threads.
 */
export type Participant =
  | {
      readonly kind: 'engine';
      readonly name: string;
      readonly command: string;
      /** `option.NAME=VALUE` words after the command: `setoption` lines sent after each handshake. */
      readonly options?: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'builtin'; readonly name: string; readonly shooter: string; readonly placer: string }
  | { readonly kind: 'module'; readonly name: string; readonly path: string };

/** `NAME=<command>` or `<command>` (named after its program's file name, engine-name.ts). */
export function parseEngineSpec(text: string): Participant & { kind: 'engine' } {
  const m = /^([A-Za-z0-9_.-]{1,40})=(.+)$/s.exec(text.trim());
  const command = (m?.[2] ?? text).trim();
  if (command === '') throw new CliError(`--engine "${text}": empty command`);
  if (isBareInterpreter(command))
    throw new CliError(
      `--engine ${command}: an interpreter alone runs no engine; a command with spaces goes in quotes: --engine "${command} bot…"`,
    );
  return { kind: 'engine', name: m?.[1] ?? engineNameOf(command), command };
}

/** `option.NAME=VALUE`, as cutechess and fastchess take an engine's options: the name and value, or null. */
export function parseOptionWord(word: string): { name: string; value: string } | null {
  const m = /^option\.([^\s=]+)=(.*)$/s.exec(word);
  return m ? { name: m[1] ?? '', value: m[2] ?? '' } : null;
}

/**
 * Adds an `option.NAME=VALUE` word to the engine it follows on the command line (`--engine
 * "new=./bot" option.Depth=3`); anything else after the command is a mistake worth a clear word.
 */
export function withOptionWord(engine: Participant | undefined, word: string): Participant {
  const option = parseOptionWord(word);
  if (!option)
    throw new CliError(
      `--engine: "${word}" is not option.NAME=VALUE; a command with spaces goes in quotes: --engine "python3 bot.py"`,
    );
  if (engine?.kind !== 'engine') throw new CliError(`${word}: an option belongs after an --engine command`);
  if (option.name === '' || /\s/.test(option.value))
    throw new CliError(`${word}: an option's name and value are single words (BEP: setoption name N value V)`);
  return { ...engine, options: { ...engine.options, [option.name]: option.value } };
}

const looksLikeModule = (text: string): boolean => /[/\\]/.test(text) || /\.(m?js|ts)$/.test(text);

/** `--strategy NAME` (built-in) or `--strategy ./path/bot.mjs`, optionally `NAME=` first. */
export function parseStrategySpec(text: string, placement = 'random'): Participant {
  const m = /^([A-Za-z0-9_.-]{1,40})=(.+)$/s.exec(text.trim());
  const value = (m ? m[2] : text)?.trim() ?? '';
  if (looksLikeModule(value)) {
    const path = resolve(value);
    return { kind: 'module', name: m?.[1] ?? basename(path, extname(path)), path };
  }
  shooterNamed(value);
  placerNamed(placement);
  const name = m?.[1] ?? (placement === 'random' ? value : `${value}+${placement}`);
  return { kind: 'builtin', name, shooter: value, placer: placement };
}

/** Gives two participants with the same name distinct ones (`hunt`, `hunt#2`). */
export function uniqueNames(participants: readonly Participant[]): Participant[] {
  const seen = new Map<string, number>();
  return participants.map((p) => {
    const n = (seen.get(p.name) ?? 0) + 1;
    seen.set(p.name, n);
    return n === 1 ? p : { ...p, name: `${p.name}#${n}` };
  });
}

function shooterFrom(value: unknown, salvo: unknown): InProcessShooter | null {
  const nextSalvo = typeof salvo === 'function' ? { nextSalvo: salvo as InProcessShooter['nextSalvo'] } : {};
  if (typeof value === 'function') return { nextShot: value as InProcessShooter['nextShot'], ...nextSalvo };
  if (typeof value === 'object' && value !== null && typeof (value as { nextShot?: unknown }).nextShot === 'function')
    return value as InProcessShooter;
  return null;
}

function placerFrom(value: unknown): InProcessPlacer | null {
  if (typeof value === 'function') return { place: value as InProcessPlacer['place'] };
  if (typeof value === 'object' && value !== null && typeof (value as { place?: unknown }).place === 'function')
    return value as InProcessPlacer;
  return null;
}

const modules = new Map<string, Promise<InProcessBot>>();

/**
 * Loads a bot module: `export const shooter` (or default), a function or `{ nextShot, nextSalvo? }`;
 * optional `salvo` (a function (view, count, rng) => cells) and `placer` (rng, rules) => fleet.
 */
export function loadModuleBot(path: string, name: string): Promise<InProcessBot> {
  let loaded = modules.get(path);
  if (!loaded) {
    loaded = (async () => {
      let mod: Record<string, unknown>;
      try {
        mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
      } catch (error) {
        throw new CliError(`cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const shooter = shooterFrom(mod.shooter, mod.salvo) ?? shooterFrom(mod.default, mod.salvo);
      if (!shooter)
        throw new CliError(
          `${path} exports no shooter: export a function (view, rng) => {x, y} as "shooter" or default, or an object with nextShot`,
        );
      return { name, shooter, placer: placerFrom(mod.placer) };
    })();
    modules.set(path, loaded);
  }
  return loaded;
}

export interface SeatOptions {
  readonly timeouts: EngineTimeouts;
  /** Directory of the engines' log files (one per engine name). */
  readonly logDir: string;
  /** Log every protocol line in the engines' logs. */
  readonly trace?: boolean;
}

/** The log file of an engine. */
export function logFileOf(logDir: string, name: string): string {
  return resolve(logDir, `${name.replace(/[^A-Za-z0-9_.#-]/g, '_')}.log`);
}

/** A fresh seat for a participant; an engine's process starts with its first game. */
export async function seatFor(participant: Participant, options: SeatOptions): Promise<Seat> {
  if (participant.kind === 'engine') {
    const config: EngineSeatConfig = {
      command: participant.command,
      name: participant.name,
      logFile: logFileOf(options.logDir, participant.name),
      timeouts: options.timeouts,
      trace: Boolean(options.trace),
      ...(participant.options ? { options: participant.options } : {}),
    };
    return new EngineSeat(config);
  }
  if (participant.kind === 'builtin') {
    const strategy = shooterNamed(participant.shooter);
    return new StrategySeat({
      name: participant.name,
      // A built-in chooses a salvo as a set, its own way (src/bots/salvo.ts).
      shooter: {
        nextShot: (view, rng) => strategy.nextShot(view, rng),
        nextSalvo: (view, count, rng) => salvoOf(strategy, view, count, rng),
      },
      placer: placerNamed(participant.placer),
    });
  }
  return new StrategySeat(await loadModuleBot(participant.path, participant.name));
}

export const BUILTIN_NAMES = { shooters: Object.keys(SHOOTERS), placers: Object.keys(PLACERS) };
