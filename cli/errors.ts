import { ApiError } from '../src/protocol';
import { BotError, UnknownStrategyError } from '../src/bots';

/** A failure the user can act on: printed as one line on stderr, exit code 1 unless said (130 after Ctrl-C). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The one line printed for any failure; stack traces only for real bugs, behind BROADSIDE_DEBUG. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    if (error.status === 401) return `rejected by the server (401): ${error.message}`;
    return `server answered ${error.status}: ${error.message}`;
  }
  if (error instanceof CliError || error instanceof UnknownStrategyError) return error.message;
  if (error instanceof BotError) return `game failed (${error.code}): ${error.message}`;
  if (error instanceof Error) return process.env.BROADSIDE_DEBUG ? (error.stack ?? error.message) : error.message;
  return String(error);
}
