import { formatRules } from '../src/game';
import { type Challenge, isErrorAck, LobbyClient, PeopleClient } from '../src/protocol';
import { answerChallenge, type ChallengePolicy, describePolicy } from './challenge-policy';
import { CliError } from './errors';
import type { Account } from './session';

/*
 * A bot account online for challenges (`broadside play --bot --accept-challenges`, docs/cli.md and
 * docs/engines.md, "Bot accounts"), as lichess-bot keeps a bot on lichess: it stays connected to
 * /lobby, so players see it online and may challenge it by name; each challenge is accepted or
 * declined with the protocol's reason (cli/challenge-policy.ts), and each accepted one is played
 * in the room the server made for it, one at a time.
 */

export interface AcceptedGame {
  readonly slug: string;
  readonly opponent: { readonly userId: string; readonly username: string };
  readonly challenge: Challenge;
}

export interface ServeOptions {
  readonly server: string;
  readonly account: Account;
  readonly policy: ChallengePolicy;
  /** Stop after this many games; null: until Ctrl-C or SIGTERM. */
  readonly games: number | null;
  readonly info: (line: string) => void;
  /** Plays one accepted game to its end (the room already has both players seated). */
  readonly play: (game: AcceptedGame, index: number) => Promise<void>;
}

export interface Served {
  /** Games accepted and played (or attempted: a failed one is said through `info`). */
  readonly played: number;
  readonly declined: number;
}

const clockOf = (c: Challenge): string => (c.turnSeconds === null ? 'no clock' : `${c.turnSeconds} s a turn`);

/**
 * Serves challenges until `games` have been played, or a signal: Ctrl-C or SIGTERM stops at once
 * when no game is on, else after the game (a second signal stops at once, exit 130 or 143).
 */
export async function serveChallenges(options: ServeOptions): Promise<Served> {
  const { server, account, policy, info } = options;
  const lobby = new LobbyClient({ url: server, token: account.token, socket: { transports: ['websocket'] } });
  const people = new PeopleClient(lobby);
  const answered = new Set<string>();
  let busy = false;
  let stopping = false;
  let played = 0;
  let declined = 0;
  const cleanups: (() => void)[] = [];

  try {
    return await new Promise<Served>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        for (const cleanup of cleanups) cleanup();
        outcome();
      };
      const done = (): void => finish(() => resolve({ played, declined }));

      const playAccepted = async (challenge: Challenge): Promise<void> => {
        busy = true;
        try {
          const accepted = await people.acceptChallenge(challenge.id);
          if (isErrorAck(accepted)) {
            info(`could not accept ${challenge.from.username}'s challenge: ${accepted.message ?? accepted.error}`);
            return;
          }
          info(
            `accepted ${challenge.from.username}'s challenge (rules ${formatRules(challenge.rules)}, ` +
              `${clockOf(challenge)}): room ${accepted.slug}`,
          );
          played += 1;
          try {
            await options.play({ slug: accepted.slug, opponent: challenge.from, challenge }, played);
          } catch (error) {
            // One game gone wrong (the opponent never came, a refused join) does not end the bot's day.
            info(`game ${played} in room ${accepted.slug} failed: ${error instanceof Error ? error.message : error}`);
          }
        } finally {
          busy = false;
        }
        if (stopping || (options.games !== null && played >= options.games)) done();
      };

      const consider = (challenge: Challenge): void => {
        if (settled || challenge.status !== 'pending' || challenge.to.userId !== account.userId) return;
        if (answered.has(challenge.id)) return;
        answered.add(challenge.id);
        const answer = answerChallenge(challenge, policy, busy || stopping);
        if (answer.accept) {
          void playAccepted(challenge).catch((error: unknown) => finish(() => reject(error)));
          return;
        }
        declined += 1;
        info(
          `declined ${challenge.from.username}'s challenge (rules ${formatRules(challenge.rules)}, ` +
            `${clockOf(challenge)}): ${answer.reason}`,
        );
        void people.declineChallenge(challenge.id, answer.reason);
      };

      // Listen before connecting: the challenges waiting come as the connection opens.
      cleanups.push(
        people.on('challenges', ({ incoming }) => incoming.forEach(consider)),
        people.on('challenge', consider),
      );

      const onSignal = (signal: NodeJS.Signals): void => {
        const code = signal === 'SIGINT' ? 130 : 143;
        if (stopping || !busy) {
          if (busy) finish(() => reject(new CliError(`stopped (${signal}) during a game`, code)));
          else done();
          return;
        }
        stopping = true;
        info(`stopping after this game (${signal} again stops now)`);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      cleanups.push(() => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      });

      lobby.connect().then(
        () => info(`${account.username} is online and takes challenges: ${describePolicy(policy)}`),
        (error: unknown) =>
          finish(() =>
            reject(
              new CliError(`cannot connect to ${server}/lobby: ${error instanceof Error ? error.message : error}`),
            ),
          ),
      );
    });
  } finally {
    lobby.close();
  }
}
