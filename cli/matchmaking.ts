import { InvalidArgumentError } from 'commander';
import { ApiError, type BotLevel, BotLevelSchema, isErrorAck, LobbyClient, type MatchFound } from '../src/protocol';
import type { Rules } from '../src/game';
import { CliError } from './errors';
import type { Account } from './session';

/* Playing without a friend (issue 12): a room against the server's computer player, or one the
 * quick-match queue forms with the next person (or bot) who asks. Both end in a room already
 * placing ships, which `play` then plays like any other. */

/** Parses `--vs-computer LEVEL` with the protocol's own schema, so the CLI and the server agree on the levels. */
export function parseLevel(value: string): BotLevel {
  const parsed = BotLevelSchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidArgumentError(`expected a computer level (${BotLevelSchema.options.join(', ')}), got "${value}"`);
  }
  return parsed.data;
}

export interface FoundRoom {
  readonly slug: string;
  readonly opponent: { readonly userId: string; readonly username: string };
}

/** POST /room/computer: a room under `rules` with the level's computer player as the second member. */
export async function computerRoom(account: Account, level: BotLevel, rules?: Rules): Promise<FoundRoom> {
  try {
    const { slug, bot } = await account.api.computerGame({ level, ...(rules ? { rules } : {}) });
    return { slug, opponent: { userId: bot.userId, username: bot.username } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      throw new CliError(`no computer opponent free on the server (503): ${error.message}`);
    }
    throw error;
  }
}

export interface QuickMatchOptions {
  /** Pair only with a player who asked for the same rules (classic when absent). */
  readonly rules?: Rules;
  /** Longest wait for an opponent before leaving the queue. */
  readonly timeoutMs: number;
  /** Waiting status lines (the progress output). */
  readonly info: (line: string) => void;
  /** How often to say that we are still waiting. */
  readonly statusEveryMs?: number;
}

/** Why the search ended without an opponent; `exitCode` 130 for Ctrl-C as shells expect. */
function stopped(reason: 'timeout' | NodeJS.Signals, timeoutMs: number): CliError {
  if (reason === 'timeout') {
    return new CliError(
      `no opponent found within ${Math.round(timeoutMs / 1000)} s; left the queue ` +
        '(--timeout waits longer, --vs-computer LEVEL plays the computer)',
    );
  }
  return new CliError(`quick match cancelled (${reason}); left the queue`, reason === 'SIGINT' ? 130 : 143);
}

/**
 * Joins the quick-match queue on /lobby and resolves with the room once `matchFound` arrives.
 * Ctrl-C (SIGINT), SIGTERM and the timeout take the player out of the queue (`cancelSearch`)
 * before failing, so a person arriving later is never paired with a player who has gone.
 */
export async function quickMatch(server: string, account: Account, options: QuickMatchOptions): Promise<FoundRoom> {
  const lobby = new LobbyClient({ url: server, token: account.token, socket: { transports: ['websocket'] } });
  try {
    await lobby.connect();
  } catch (error) {
    lobby.close();
    throw new CliError(`cannot connect to ${server}/lobby: ${error instanceof Error ? error.message : String(error)}`);
  }
  const cleanups: (() => void)[] = [];
  try {
    return await new Promise<FoundRoom>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        for (const cleanup of cleanups) cleanup();
        outcome();
      };
      const giveUp = (reason: 'timeout' | NodeJS.Signals): void => {
        if (settled) return;
        // Out of the queue first, then fail: the acknowledgement says the server has forgotten us.
        void lobby.cancelSearch().then(() => finish(() => reject(stopped(reason, options.timeoutMs))));
      };
      // Listen before asking: the match can be found as our own request pairs us.
      cleanups.push(
        lobby.onMatch((found: MatchFound) => finish(() => resolve({ slug: found.slug, opponent: found.opponent }))),
      );
      const onSignal = (signal: NodeJS.Signals): void => giveUp(signal);
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      cleanups.push(() => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      });
      const timeout = setTimeout(() => giveUp('timeout'), options.timeoutMs);
      cleanups.push(() => clearTimeout(timeout));

      void lobby.findOpponent(options.rules).then((searching) => {
        if (isErrorAck(searching)) {
          finish(() => reject(new CliError(`cannot join the quick-match queue: ${searching.error}`)));
          return;
        }
        if (settled) return;
        const started = Date.now();
        options.info('searching for an opponent (quick match)…');
        let offered = false;
        const status = setInterval(() => {
          const waited = Date.now() - started;
          const hint =
            !offered && waited >= searching.offerComputerAfterMs
              ? ' — nobody yet; `broadside play --vs-computer medium` plays the computer'
              : '';
          if (hint) offered = true;
          options.info(`still waiting for an opponent: ${Math.round(waited / 1000)} s${hint}`);
        }, options.statusEveryMs ?? 10_000);
        cleanups.push(() => clearInterval(status));
      });
    });
  } finally {
    lobby.close();
  }
}
