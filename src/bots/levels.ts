import { BOT_LEVELS, type BotLevel } from '../protocol';
import { computerUsername } from '../protocol/computer-names';
import { placerNamed, shooterNamed } from './registry';
import type { PlacementStrategy, ShotStrategy } from './types';

/** How a computer player of one level plays: its strategies by name, and where its shooter runs. */
export interface LevelPlan {
  readonly shooter: string;
  readonly placer: string;
  /**
   * True when a shot can cost more than the server may block its event loop for (about 5 ms at
   * p99): the sampler's slow shots reach 5–10 ms, so it runs in a worker thread. Random and
   * hunt/target cost microseconds and run inline.
   */
  readonly offThread: boolean;
}

/**
 * The three levels, weakest first (shots to sink a fleet, from the CLI bench): Easy shoots at random
 * (~95 shots), Medium hunts then targets around hits (~51), Hard samples whole boards consistent
 * with what it has seen (~44) and hides its fleet along the edges, where uniform guessers look last.
 */
export const LEVEL_PLANS: Readonly<Record<BotLevel, LevelPlan>> = {
  easy: { shooter: 'random', placer: 'random', offThread: false },
  medium: { shooter: 'hunt', placer: 'random', offThread: false },
  hard: { shooter: 'sampler', placer: 'edge', offThread: true },
};

export interface LevelStrategies {
  readonly plan: LevelPlan;
  readonly shooter: ShotStrategy;
  readonly placer: PlacementStrategy;
}

/** The strategies of a level, resolved from the registry (an unknown name there is a programming error). */
export function levelStrategies(level: BotLevel): LevelStrategies {
  const plan = LEVEL_PLANS[level];
  return { plan, shooter: shooterNamed(plan.shooter), placer: placerNamed(plan.placer) };
}

/** The `users` row of each level's computer player: an id no sign-up produces (sign-up ids are UUIDs). */
export function botUserId(level: BotLevel): string {
  return `bot-${level}`;
}

/** A name sign-up can never produce (spaces and parentheses are refused there). */
export function botUsername(level: BotLevel): string {
  return computerUsername(level);
}

/** The level of a computer player's user id, or null for a person. */
export function botLevelOf(userId: string): BotLevel | null {
  for (const level of BOT_LEVELS) if (userId === botUserId(level)) return level;
  return null;
}

export function isBotLevel(value: string): value is BotLevel {
  return (BOT_LEVELS as readonly string[]).includes(value);
}
