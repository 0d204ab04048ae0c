import type { BotLevel } from './types';

/*
 * The stored names of the computer's players (migration 003; src/bots/levels.ts): one `users` row
 * per level, named in English. Sign-up refuses spaces and parentheses, so no person can be called
 * so, and a client may read the level off the name where a payload carries no `bot` field (a winner,
 * a rematch, an open game). No zod here: the app's first paint imports this file.
 */

const LEVELS: readonly BotLevel[] = ['easy', 'medium', 'hard'];

/** "Computer (Easy)": the username of the computer player of `level`, as stored and sent. */
export function computerUsername(level: BotLevel): string {
  return `Computer (${level.charAt(0).toUpperCase()}${level.slice(1)})`;
}

/** The level of the computer player named `username`, or null for anyone else. */
export function computerLevelOfName(username: string): BotLevel | null {
  return LEVELS.find((level) => computerUsername(level) === username) ?? null;
}
