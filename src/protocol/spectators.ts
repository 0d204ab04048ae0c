import { z } from 'zod';
import { type EndReason, GRID_SIZE, type GameStatus, type Grid, type PartialShipMap, type Rules } from '../game';
import {
  BattlePlaceSchema,
  EndReasonSchema,
  GameStatusSchema,
  GridSchema,
  PartialShipMapSchema,
  RulesSchema,
  SlugSchema,
  WinnerSchema,
} from './schemas';
import type { BattlePlace, Winner } from './types';

/* Watching a game (issue 14): a spectator socket sends watchRoom(slug) on the /room namespace and
 * then receives one `spectate` frame per change of the game, the same frame for every spectator. */

/** One player as a spectator sees it: the board the opponent shoots at, never an unsunk ship before ENDED. */
export const SpectatorPlayerSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** True while the player has a socket in the room. */
  connected: z.boolean(),
  /** This player's grid as the public knows it: the opponent's shots, E M H D only. */
  board: GridSchema,
  /** This player's sunk ships; the whole fleet once ENDED. */
  ships: PartialShipMapSchema,
  /** Shots this player has fired this round, and how many of them hit a ship. */
  shots: z.number().int().min(0),
  hits: z.number().int().min(0),
});

export const SpectatorFrameSchema = z.object({
  slug: z.string(),
  status: GameStatusSchema,
  /** The players in join order (0, 1 or 2). */
  players: z.array(SpectatorPlayerSchema).max(2),
  /** The player who has to shoot, during PLAY. */
  turn: z.string().nullable(),
  /** The last shot of the round, so a stage can animate it. */
  lastShot: BattlePlaceSchema.nullable(),
  /** Salvo rooms only: the last move's shots in the order fired (its last is `lastShot`). */
  lastMove: z
    .array(BattlePlaceSchema)
    .max(GRID_SIZE * GRID_SIZE)
    .optional(),
  winner: WinnerSchema.nullable(),
  /** How the round ended, once ENDED. */
  endReason: EndReasonSchema.nullable(),
  /** How many sockets watch the room, this one included. */
  spectators: z.number().int().min(0),
  /** The room's rules (docs/game.md, "Rule variants"); absent from older servers, which play classic. */
  rules: RulesSchema.optional(),
  /** Once ENDED: the round's record (`GET /games/{gameId}`, its replay); absent before and from older servers. */
  gameId: z.number().int().optional(),
});

export const WatchRoomPayloadSchema = SlugSchema;
export const UnwatchRoomPayloadSchema = SlugSchema;

/** The shapes the schemas above validate, with src/game's own types. */
export interface SpectatorPlayer {
  readonly userId: string;
  readonly username: string;
  readonly connected: boolean;
  readonly board: Grid;
  readonly ships: PartialShipMap;
  readonly shots: number;
  readonly hits: number;
}

export interface SpectatorFrame {
  readonly slug: string;
  readonly status: GameStatus;
  readonly players: readonly SpectatorPlayer[];
  readonly turn: string | null;
  readonly lastShot: BattlePlace | null;
  readonly lastMove?: readonly BattlePlace[];
  readonly winner: Winner | null;
  readonly endReason: EndReason | null;
  readonly spectators: number;
  readonly rules?: Rules;
  readonly gameId?: number;
}

/** The socket.io room every spectator socket of a game room joins: one emit reaches them all. */
export function watchChannel(slug: string): string {
  return `watch:${slug}`;
}
