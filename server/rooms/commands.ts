import { z } from 'zod';
import type { Coord, GameStatus, ShipMap, ShotResult } from '../../src/game';
import {
  type Ack,
  errorAck,
  ShipMapSchema,
  ShootPayloadSchema,
  SlugSchema,
  type SpectatorFrame,
  TitleSchema,
} from '../../src/protocol';
import type { Identity } from '../auth';

/*
 * Everything that can happen to a room, as data (docs/architecture.md, "One authority per room"):
 * a socket event, a computer player's move, a deadline of the room's clocks, or any of these
 * forwarded from another node all become a Command that dispatch() runs. Commands are plain JSON,
 * so a node can send one to the room's owner as is.
 */

/** What a player asks of a room. `join` seats the actor; the others need the actor seated. */
export const PlayerCommandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('join') }),
  z.strictObject({ type: z.literal('start') }),
  z.strictObject({ type: z.literal('place'), fleet: ShipMapSchema }),
  /** One cell, or the cells of a salvo in the order fired (an array, even of one, is answered by an array). */
  z.strictObject({ type: z.literal('shoot'), target: ShootPayloadSchema }),
  z.strictObject({ type: z.literal('replay') }),
  z.strictObject({ type: z.literal('resign') }),
  z.strictObject({ type: z.literal('leave') }),
  /** The actor's socket is gone (or its computer seat got up): its grace period starts in PLAY. */
  z.strictObject({ type: z.literal('disconnect') }),
]);
export type PlayerCommand =
  | { readonly type: 'join' | 'start' | 'replay' | 'resign' | 'leave' | 'disconnect' }
  | { readonly type: 'place'; readonly fleet: ShipMap }
  | { readonly type: 'shoot'; readonly target: Coord | readonly Coord[] };

/** What the room's clocks do when a deadline passes. */
export type ClockCommand =
  /** The turn clock ran out at `deadline`. */
  | { readonly type: 'passTurn'; readonly deadline: number }
  /** `userId`'s grace period ended at `awayUntil`. */
  | { readonly type: 'forfeit'; readonly userId: string; readonly awayUntil: number };

export type Command = PlayerCommand | ClockCommand;

/** The wire a connection speaks (docs/protocol.md). */
export type Wire = 'spec' | 'broadside/2';

/**
 * A player through one connection: a socket here or on another node, or a computer seat's
 * in-process one; `socketId` null for a member seated before their page connects. `dialect` is the
 * wire of that connection: a SPEC-dialect one may only take a seat in a room whose rules it can
 * show, and the member's events are written in it. Absent for a seat with no wire (computer, quick match).
 */
export interface PlayerActor {
  readonly kind: 'player';
  readonly user: Identity;
  readonly socketId: string | null;
  readonly dialect?: Wire;
}

/** Who acts: a player, or the clock. */
export type Actor = PlayerActor | { readonly kind: 'clock' };

export const CLOCK: Actor = { kind: 'clock' };

export const IdentitySchema = z.strictObject({
  id: z.string().min(1),
  username: z.string().min(1),
  title: TitleSchema.nullish(),
});

/** A player actor as another node sends it. */
export const PlayerActorSchema = z.strictObject({
  kind: z.literal('player'),
  user: IdentitySchema,
  socketId: z.string().min(1).nullable(),
  dialect: z.enum(['spec', 'broadside/2']).optional(),
});

/**
 * Joining or leaving a room's audience (issue 14). Not a game command (dispatch never sees it):
 * the room's node counts its spectators and answers a watch with the spectators' frame.
 */
export const AudienceCommandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('watch') }),
  z.strictObject({ type: z.literal('unwatch') }),
]);
export type AudienceCommand = { readonly type: 'watch' } | { readonly type: 'unwatch' };

/** What a connection asks of a room: a player's command or its audience's. */
export type RoomCommand = PlayerCommand | AudienceCommand;

/**
 * A connection's command for a room, as the node holding the socket sends it to the node that
 * plays the room (docs/architecture.md, "Several nodes"). Both check it against this schema.
 */
export const RoomRequestSchema = z.strictObject({
  slug: SlugSchema,
  actor: PlayerActorSchema,
  command: z.union([PlayerCommandSchema, AudienceCommandSchema]),
});
export interface RoomRequest {
  readonly slug: string;
  readonly actor: PlayerActor;
  readonly command: RoomCommand;
}

/** What each command answers when it succeeds. */
export interface Replies {
  join: GameStatus;
  start: null;
  place: null;
  /** One result for one cell, the results in the cells' order for an array. */
  shoot: ShotResult | ShotResult[];
  replay: GameStatus;
  resign: null;
  leave: null;
  disconnect: null;
  passTurn: null;
  forfeit: null;
  watch: SpectatorFrame;
  unwatch: null;
}
export type ReplyOf<C extends Command | AudienceCommand> = Replies[C['type']];

/** A refused payload's answer, with a readable reason from zod's first issue. */
export function badPayload(error: z.ZodError): Ack<never> {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return errorAck('BAD_PAYLOAD', issue ? `${issue.message}${where}` : 'invalid payload');
}
