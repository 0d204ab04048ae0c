import type { LimitDetails } from '../../src/protocol';

const waitText = (seconds: number): string =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

/** The English message of a refusal for a limit; clients translate by `reason` instead (docs/protocol.md). */
export function limitMessage({ reason, retryAfter, limit }: LimitDetails): string {
  const wait = waitText(retryAfter);
  switch (reason) {
    case 'WAITING_ROOMS':
      return `You already have ${limit} games waiting to start: start one, or try again in ${wait}`;
    case 'PUBLIC_ROOMS':
      return `You already have ${limit} public games listed: start one, or try again in ${wait}`;
    case 'COMPUTER_GAMES':
      return `You already have ${limit} games against the computer going on: finish one, or try again in ${wait}`;
    case 'SPECTATOR_SOCKETS':
      return `You already watch ${limit} games: stop watching one, or try again in ${wait}`;
    case 'SIGN_UPS':
      return `Too many sign-ups from this address: try again in ${wait}`;
    case 'LOGIN_FAILURES':
      return `Too many failed logins: try again in ${wait}`;
    case 'BOT_GAMES':
      return `This bot has played its ${limit} games against other bots for the day: people may still play it; another bot game in ${wait}`;
    case 'CHAT_LINES':
      return `You are sending messages too fast (at most ${limit} in a few seconds): wait ${wait}`;
    case 'PASSWORD_RESETS':
      return `Too many password resets asked from this address: try again in ${wait}`;
    case 'REPORTS':
      return `You have filed ${limit} reports within the hour: the moderators read them; file another in ${wait}`;
    case 'CHALLENGES':
      return `You have sent ${limit} challenges in the last few minutes: try again in ${wait}`;
    case 'ANALYSES':
      return `You already have ${limit} analyses under way: wait for one, or try again in ${wait}`;
    case 'HINTS':
      return `Your last hint is still being worked out: try again in ${wait}`;
  }
}
