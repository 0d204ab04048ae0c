import { formatRules, type Rules, sameRules } from '../src/game';
import type { Challenge, DeclineReason } from '../src/protocol/challenges';

/*
 * Which challenges a bot account takes (`broadside play --bot --accept-challenges`, docs/cli.md),
 * the way lichess-bot's challenge filter does: the rules and turn clock it can play, the kind of
 * challenger it plays, and one game at a time. Pure, so every answer is unit-tested.
 */

/** Who may challenge the bot: people, other bots, or both. */
export const CHALLENGERS = ['everyone', 'people', 'bots'] as const;
export type Challengers = (typeof CHALLENGERS)[number];

export interface ChallengePolicy {
  /** The rule sets the bot plays; null: any (an engine reads the rules in `newgame`). */
  readonly rules: readonly Rules[] | null;
  /**
   * The longest a move may take the bot, in ms (an engine's `--time` plus `--time-margin`); a turn
   * clock that leaves less than this plus NETWORK_SLACK_MS per turn is declined. 0 for a built-in
   * strategy, which answers at once.
   */
  readonly moveMs: number;
  readonly challengers: Challengers;
}

/** A turn's time the bot keeps for the network and the server, beyond its own thinking. */
export const NETWORK_SLACK_MS = 2000;

/** What the bot answers: accept, or decline with the protocol's reason. */
export type ChallengeAnswer = { readonly accept: true } | { readonly accept: false; readonly reason: DeclineReason };

/**
 * The answer to `challenge` while the bot is `busy` (playing a game already): the challenger's kind
 * first (noBots / onlyBots), then the rules, then the clock, then `later` while a game is on.
 */
export function answerChallenge(challenge: Challenge, policy: ChallengePolicy, busy: boolean): ChallengeAnswer {
  const fromBot = challenge.from.title === 'BOT';
  if (policy.challengers === 'people' && fromBot) return { accept: false, reason: 'noBots' };
  if (policy.challengers === 'bots' && !fromBot) return { accept: false, reason: 'onlyBots' };
  if (policy.rules !== null && !policy.rules.some((rules) => sameRules(rules, challenge.rules)))
    return { accept: false, reason: 'rules' };
  if (challenge.turnSeconds !== null && challenge.turnSeconds * 1000 < policy.moveMs + NETWORK_SLACK_MS)
    return { accept: false, reason: 'clock' };
  if (busy) return { accept: false, reason: 'later' };
  return { accept: true };
}

/** One line for the log: what the bot takes. */
export function describePolicy(policy: ChallengePolicy): string {
  const rules = policy.rules === null ? 'any rules' : `rules ${policy.rules.map(formatRules).join(' or ')}`;
  const clock =
    policy.moveMs === 0
      ? 'any turn clock'
      : `turn clocks of at least ${Math.ceil((policy.moveMs + NETWORK_SLACK_MS) / 1000)} s or none`;
  const who = { everyone: 'from people and bots', people: 'from people only', bots: 'from bots only' }[
    policy.challengers
  ];
  return `${rules}, ${clock}, ${who}, one game at a time`;
}
