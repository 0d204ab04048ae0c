import { z } from 'zod';
import { PLACER_NAMES, SHOOTER_NAMES } from '../../src/bots';
import {
  CoordSchema,
  GameRecordSchema,
  RulesBodySchema,
  ShipMapSchema,
  ShotResultSchema,
  SlugSchema,
} from '../../src/protocol';
import { END_REASONS } from '../engine/bep';

/** How the scripted player gets an account: existing credentials, or a fresh sign-up. */
const AccountSchema = z.union([
  z.strictObject({ email: z.string().min(1), password: z.string().min(1) }),
  z.strictObject({ register: z.literal(true) }),
]);

const RoomSchema = z.union([z.strictObject({ create: z.literal(true) }), z.strictObject({ join: SlugSchema })]);

const ShotSchema = CoordSchema.extend({
  /** The answer this shot must get: M, H or D. */
  expect: ShotResultSchema.optional(),
});

/** A bot the CLI seats as the opponent in a created room, so a script needs nobody else. */
const OpponentSchema = z.strictObject({
  strategy: z.enum(SHOOTER_NAMES as [string, ...string[]]).default('random'),
  placement: z.enum(PLACER_NAMES as [string, ...string[]]).default('random'),
  /** A fixed opponent fleet (ShipMap) instead of a placement strategy: makes expected results reproducible. */
  fleet: ShipMapSchema.optional(),
  /** Shots the opponent fires in order, each checked against its `expect`; then `strategy` takes over. */
  shots: z.array(ShotSchema).optional(),
  seed: z.number().int().min(0).default(1),
});

/** The scripted bot: the format documented in docs/cli.md, with examples/script.json as a sample. */
export const ScriptSchema = z
  .strictObject({
    $schema: z.string().optional(),
    description: z.string().optional(),
    account: AccountSchema,
    room: RoomSchema,
    /** The rules of the room the script creates (docs/game.md, "Rule variants"); classic when absent. */
    rules: RulesBodySchema.optional(),
    opponent: OpponentSchema.optional(),
    /** The scripted player's fleet; "random" draws one from the seed. */
    fleet: z.union([ShipMapSchema, z.literal('random')]),
    /** Fired in order, each when it is the scripted player's turn. */
    shots: z.array(ShotSchema).min(1),
    /**
     * Turns the clock passed in an exported game, each as the number of that player's own shots
     * before it. A record of the original: a script room has no clock, so turns simply alternate
     * (no answer depends on the order of turns).
     */
    passes: z
      .strictObject({
        me: z.array(z.number().int().min(0)),
        opponent: z.array(z.number().int().min(0)),
      })
      .optional(),
    /**
     * The game as it was played (a tournament's game files, `broadside export`): its record as GET
     * /games/{id} gives it, every shot in the order fired, with the harness's end reason and detail
     * for a refereed game. `broadside view` replays it and `broadside analyse` grades it; `broadside
     * script` plays the fields above and leaves it alone.
     */
    record: GameRecordSchema.extend({
      reason: z.enum(END_REASONS).optional(),
      detail: z.string().optional(),
    }).optional(),
    /** Who must have won once the shots are fired: the game must then be over. */
    expectWinner: z.enum(['me', 'opponent']).optional(),
    seed: z.number().int().min(0).default(1),
  })
  .refine((s) => !(s.opponent && 'join' in s.room), {
    message: 'an opponent bot can only be seated in a room the script creates',
    path: ['opponent'],
  });

export type Script = z.infer<typeof ScriptSchema>;
