import { z } from 'zod';
import { type GameRecord, GameRecordSchema } from './history';

/**
 * A game the bot harness refereed offline, as `broadside view` serves it to the replay viewer
 * (docs/cli.md, "view"): the game's record in the shape GET /games/{id} gives, and the harness's
 * own end (a server's SUNK, RESIGN, FORFEIT or CLOCK cannot say that an engine timed out, crashed
 * or made an illegal move).
 */

/** How a refereed game ends: every ship sunk, a resignation, or the loser's fault. */
export const HARNESS_END_REASONS = ['sunk', 'resign', 'timeout', 'crash', 'illegal'] as const;
export type HarnessEndReason = (typeof HARNESS_END_REASONS)[number];

export const OfflineGameSchema = z.object({
  /** The game's id in its run (`1.2.1`), or the file's name for a single game. */
  id: z.string(),
  record: GameRecordSchema,
  end: z.object({
    /** The winner's name. */
    winner: z.string(),
    /** Null when the file does not say (a script without its record): then the record's end reason. */
    reason: z.enum(HARNESS_END_REASONS).nullable(),
    /** One line: who lost and why. */
    detail: z.string(),
  }),
  /** The tournament the game belongs to, and its neighbours in the schedule; null for a single file. */
  run: z
    .object({
      title: z.string(),
      previous: z.string().nullable(),
      next: z.string().nullable(),
      games: z.number().int(),
    })
    .nullable(),
});
export type OfflineGame = Omit<z.infer<typeof OfflineGameSchema>, 'record'> & { readonly record: GameRecord };

/** Where `broadside view` serves a game's data, relative to its pages. */
export const offlineGamePath = (id: string): string => `api/games/${encodeURIComponent(id)}`;
