import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError } from '../errors';
import type { TournamentConfig } from './schedule';
import type { GameSummary } from './tally';

const CONFIG = 'tournament.json';
const RESULTS = 'results.jsonl';

const SavedSchema = z.object({
  version: z.literal(1),
  config: z.custom<TournamentConfig>((v) => typeof v === 'object' && v !== null && 'participants' in v),
  sprt: z
    .object({
      elo0: z.number(),
      elo1: z.number(),
      alpha: z.number(),
      beta: z.number(),
      model: z.enum(['logistic', 'normalized']).optional(),
    })
    .nullable(),
});
export type Saved = z.infer<typeof SavedSchema>;

const SummarySchema = z.object({
  index: z.number().int().min(0),
  id: z.string(),
  pairing: z.number().int().min(0),
  pair: z.number().int().min(0),
  leg: z.union([z.literal(0), z.literal(1)]),
  seats: z.tuple([z.number().int(), z.number().int()]),
  winner: z.number().int(),
  reason: z.enum(['sunk', 'resign', 'timeout', 'crash', 'illegal']),
  detail: z.string(),
  shots: z.tuple([z.number(), z.number()]),
  moves: z.tuple([z.number().int(), z.number().int()]).optional(),
  ms: z.number(),
  info: z.tuple([z.array(z.string()), z.array(z.string())]),
  file: z.string().optional(),
  first: z.union([z.literal(0), z.literal(1)]).optional(),
  gameId: z.number().int().optional(),
});

/**
 * A tournament's folder (--out DIR): tournament.json (what decides the games), results.jsonl (one
 * line per finished game, appended as each ends: the autosave), games/ (each game as a script file)
 * and logs/ (each engine's stderr). --resume DIR reads it back and plays only the missing games.
 */
export class TournamentStore {
  constructor(readonly dir: string) {}

  get logDir(): string {
    return join(this.dir, 'logs');
  }

  create(saved: Saved): void {
    if (existsSync(join(this.dir, RESULTS)) || existsSync(join(this.dir, CONFIG)))
      throw new CliError(
        `${this.dir} already holds a tournament: continue it with --resume ${this.dir}, or pick another --out`,
      );
    mkdirSync(join(this.dir, 'games'), { recursive: true });
    writeFileSync(join(this.dir, CONFIG), `${JSON.stringify(saved, null, 2)}\n`);
    writeFileSync(join(this.dir, RESULTS), '');
  }

  /** Rewrites tournament.json: a resumed run extended with more games or another SPRT. */
  update(saved: Saved): void {
    writeFileSync(join(this.dir, CONFIG), `${JSON.stringify(saved, null, 2)}\n`);
  }

  load(): { saved: Saved; games: GameSummary[] } {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(this.dir, CONFIG), 'utf8'));
    } catch (error) {
      throw new CliError(
        `--resume ${this.dir}: no readable ${CONFIG} (${error instanceof Error ? error.message : error})`,
      );
    }
    const saved = SavedSchema.safeParse(raw);
    if (!saved.success) throw new CliError(`--resume ${this.dir}: ${CONFIG} is not a tournament`);
    const games: GameSummary[] = [];
    const seen = new Set<number>();
    const text = existsSync(join(this.dir, RESULTS)) ? readFileSync(join(this.dir, RESULTS), 'utf8') : '';
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue; // a line cut short when the harness was stopped: that game is played again
      }
      const game = SummarySchema.safeParse(parsed);
      if (game.success && !seen.has(game.data.index)) {
        seen.add(game.data.index);
        games.push(game.data);
      }
    }
    mkdirSync(join(this.dir, 'games'), { recursive: true });
    return { saved: saved.data, games };
  }

  /** Writes a game's script file; returns its path relative to the folder. */
  writeGame(id: string, script: Record<string, unknown>): string {
    const file = `games/${id}.json`;
    writeFileSync(join(this.dir, file), `${JSON.stringify(script, null, 2)}\n`);
    return file;
  }

  append(game: GameSummary): void {
    appendFileSync(join(this.dir, RESULTS), `${JSON.stringify(game)}\n`);
  }
}
