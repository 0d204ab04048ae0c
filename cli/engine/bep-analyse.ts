import { GRID_SIZE } from '../../src/game';
import { clip, type Parsed } from './bep';

/*
 * BEP's optional `analyse` command (docs/engines.md, "Analysis"): an engine that names `analyse`
 * after `bepok` answers `analyse [time <ms>]` with `heat <p> …`, one probability per cell that it
 * holds an opponent ship, given what the engine was told of the game so far (its shots' `result`
 * and `sunk` lines since `newgame`). Pure lines, no I/O.
 */

/** The optional commands an engine may offer, named after `bepok` (`bepok analyse`). */
export const BEP_FEATURES = ['analyse'] as const;
export type BepFeature = (typeof BEP_FEATURES)[number];

/** The features a `bepok` line names (unknown words ignored), or null when the line is not `bepok`. */
export function bepokFeatures(line: string): BepFeature[] | null {
  const words = line.trim().split(/ +/);
  if (words[0] !== 'bepok') return null;
  return words.slice(1).filter((w): w is BepFeature => (BEP_FEATURES as readonly string[]).includes(w));
}

export const analyseLine = (timeMs: number): string => `analyse time ${timeMs}`;

/**
 * `heat <p0> … <p99>`: 100 probabilities row by row (y = 0 first, x = 0..9 within a row), each a
 * decimal number from 0 to 1.
 */
export function parseHeat(line: string): Parsed<Float64Array> {
  const words = line.trim().split(/ +/);
  const cells = GRID_SIZE * GRID_SIZE;
  if (words[0] !== 'heat')
    return { ok: false, error: `expected "heat" and ${cells} probabilities, got "${clip(line)}"` };
  const values = words.slice(1);
  if (values.length !== cells)
    return { ok: false, error: `expected ${cells} probabilities after "heat", got ${values.length}` };
  const p = new Float64Array(cells);
  for (let c = 0; c < cells; c++) {
    const text = values[c] ?? '';
    const v = /^[0-9.eE+-]+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(v) || v < 0 || v > 1)
      return {
        ok: false,
        error: `"${clip(text, 20)}" (cell ${c % GRID_SIZE} ${Math.floor(c / GRID_SIZE)}) is not a probability from 0 to 1`,
      };
    p[c] = v;
  }
  return { ok: true, value: p };
}
