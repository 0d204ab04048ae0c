import { cellIndex, coordOf, GRID_SIZE, type Rules, type ShipMap, shipEntries } from '../../game';
import type { PlacementInsight, PlacementTip } from '../../protocol/analysis';

/** Fewer games than this tell nothing yet. */
export const FEW_GAMES = 5;
/** A cell under a ship in this share of the games or more is a habit an opponent can learn. */
export const HABIT_SHARE = 0.6;
/** Border share this far from random fleets' (either way) is worth a word. */
export const BORDER_GAP = 0.12;
const onBorder = (c: number): boolean => {
  const x = c % GRID_SIZE;
  const y = Math.floor(c / GRID_SIZE);
  return x === 0 || y === 0 || x === GRID_SIZE - 1 || y === GRID_SIZE - 1;
};

/** Per cell, in how many of `fleets` a ship covers it, and the share of all ship cells on the border. */
export function shapeOf(fleets: readonly ShipMap[]): { counts: Float64Array; border: number } {
  const counts = new Float64Array(GRID_SIZE * GRID_SIZE);
  let cells = 0;
  let border = 0;
  for (const fleet of fleets)
    for (const [, ship] of shipEntries(fleet))
      for (const c of ship) {
        const i = cellIndex(c);
        counts[i] = (counts[i] ?? 0) + 1;
        cells++;
        if (onBorder(i)) border++;
      }
  return { counts, border: cells > 0 ? border / cells : 0 };
}

/**
 * The share of ship cells on the border for fleets dealt at random (src/game's randomFleet), by
 * fleet and whether ships may touch: measured over 20 000 fleets each (tests/unit/bots/placement-insight.test.ts
 * measures it again). Constants, because dealing thousands of fleets takes seconds of a server's
 * event loop.
 */
export const RANDOM_BORDER: Readonly<Record<string, number>> = {
  'classic/touch': 0.293,
  'classic/no-touch': 0.322,
  'russian/no-touch': 0.366,
};

export const placementKey = (rules: Rules): string => `${rules.fleet}/${rules.touch ? 'touch' : 'no-touch'}`;

/**
 * Where a player's ships usually stand (docs/analysis.md, "Insights"): in how many of their games
 * a ship covered each cell, compared with random fleets of the same rules, and the one plain tip
 * that matters most: ships hugging or shunning the border (the broader pattern, so it comes first;
 * ships kept to the border's 36 cells also reuse them), a cell they nearly always use, or nothing
 * to say.
 */
export function placementInsight(fleets: readonly ShipMap[], rules: Rules): PlacementInsight {
  const games = fleets.length;
  const mine = shapeOf(fleets);
  const randomBorder = RANDOM_BORDER[placementKey(rules)] ?? 0.3;
  const heat = Array.from(mine.counts, (n) => (games > 0 ? Math.round((1000 * n) / games) : 0));
  let topCell = -1;
  for (let c = 0; c < mine.counts.length; c++)
    if (topCell < 0 || (mine.counts[c] ?? 0) > (mine.counts[topCell] ?? 0)) topCell = c;
  const topShare = games > 0 && topCell >= 0 ? (mine.counts[topCell] ?? 0) / games : 0;
  let tip: PlacementTip = 'varied';
  if (games < FEW_GAMES) tip = 'few';
  else if (mine.border - randomBorder >= BORDER_GAP) tip = 'edges';
  else if (randomBorder - mine.border >= BORDER_GAP) tip = 'centre';
  else if (topShare >= HABIT_SHARE) tip = 'habit';
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    games,
    heat,
    border: round(mine.border),
    randomBorder,
    top: games > 0 ? { ...coordOf(topCell), share: round(topShare) } : null,
    tip,
  };
}
