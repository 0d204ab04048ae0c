import { z } from 'zod';

/**
 * The engine's options, from `config.broadside` of an Artillery script (or `config.engines.broadside`):
 * the same knobs as `broadside load` (docs/cli.md), with the same defaults.
 */
export const EngineOptionsSchema = z
  .object({
    /** Shot strategy of both bots (`broadside bench --help` lists them). */
    strategy: z.string().min(1).default('hunt'),
    /** Fleet placement of both bots. */
    placement: z.string().min(1).default('random'),
    /** Think time before each shot, ms (human pace: 2000). */
    pace: z.number().min(0).max(600_000).default(0),
    /** Share of `pace` each think time may differ by, drawn uniformly (0.5: 1 to 3 s around 2000). */
    jitter: z.number().min(0).max(1).default(0),
    /** Share of games followed by a rematch on the same sockets (else a new room). */
    rematch: z.number().min(0).max(1).default(0.5),
    /** Longest wait for any acknowledgement or frame, seconds. */
    timeout: z.number().positive().max(3600).default(30),
    /**
     * Pairs of players each Artillery worker signs up and logs in before its first game (0: as its
     * virtual users need them); the games then start on existing accounts, as `broadside load
     * --accounts-first` does, and the worker prints `accounts ready: N players` when they are.
     */
    pairs: z.number().int().min(0).max(100_000).default(0),
    /** Seed of the bots' choices; absent: a new one per worker (a fixed seed repeats the same games in every worker). */
    seed: z.number().int().min(0).optional(),
  })
  .strict();

export type EngineOptions = z.infer<typeof EngineOptionsSchema>;

/** The options of `script.config`, validated; a bad option is an Error naming it (Artillery prints it and stops). */
export function engineOptions(config: { broadside?: unknown; engines?: Record<string, unknown> }): EngineOptions {
  const fromEngines = config.engines?.broadside;
  const merged = {
    ...(typeof fromEngines === 'object' && fromEngines !== null ? fromEngines : {}),
    ...(typeof config.broadside === 'object' && config.broadside !== null ? config.broadside : {}),
  };
  const parsed = EngineOptionsSchema.safeParse(merged);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ');
    throw new Error(`artillery-engine-broadside: bad config.broadside (${issues})`);
  }
  return parsed.data;
}
