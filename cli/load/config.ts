import { BotError } from '../../src/bots';
import type { Rules } from '../../src/game';
import { ApiError } from '../../src/protocol';
import { CliError } from '../errors';
import { MissingAccountError } from './auth';
import { DroppedError, type Model } from './drive';

export type Scenario = 'game' | 'auth';

export interface LoadConfig {
  readonly server: string;
  readonly scenario: Scenario;
  readonly model: Model;
  readonly workers: number;
  readonly strategy: string;
  readonly placement: string;
  readonly seed: number;
  readonly stepTimeoutMs: number;
  /** Think time before each shot (ms). */
  readonly paceMs: number;
  /**
   * Share of `paceMs` each think time may differ by, drawn uniformly (cli/load/think.ts): 0.5 gives
   * 1 to 3 s around a 2-s pace. 0 or absent: every think takes exactly `paceMs`.
   */
  readonly paceJitter?: number;
  /** Share of games after which the two players rematch in their room, on their open sockets. */
  readonly rematch: number;
  /** The rules every game's room is created under (docs/game.md, "Rule variants"). */
  readonly rules: Rules;
  /** Game scenario: access tokens of existing accounts to play with (`--tokens`), or null to sign up. */
  readonly tokens: readonly string[] | null;
  /**
   * Game scenario, closed model: every lane's two players sign up and log in before the first game
   * starts, and games/s counts from then (`--accounts-first`).
   */
  readonly accountsFirst?: boolean;
}

/** A short stable code for a failed iteration, for the "errors by code" table. */
export function errorCode(error: unknown): string {
  if (error instanceof DroppedError) return 'DROPPED';
  if (error instanceof MissingAccountError) return 'NO_ACCOUNT';
  if (error instanceof BotError) return error.code;
  if (error instanceof ApiError) return error.status === 0 ? 'UNREACHABLE' : `HTTP_${error.status}`;
  if (error instanceof CliError) return error.message.startsWith('cannot connect') ? 'CONNECT' : 'JOIN';
  return 'INTERNAL';
}

/** A failed iteration's message, as an example of its code in the report (one line, a bounded length). */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
