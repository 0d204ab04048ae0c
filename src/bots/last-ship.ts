import { GRID_SIZE } from '../game';
import { CELLS, type Knowledge, UNKNOWN } from './knowledge';

/**
 * Play against the last ship afloat, where the posterior is simple enough to compute exactly:
 * every placement of that ship consistent with the view (covering every unresolved hit, since no
 * other ship is left to own one) is equally likely, and a shot tells only whether it hit and
 * whether the ship sank. So the expected number of shots a rule needs from here can be computed
 * without sampling, and shots compared by it.
 *
 * - Once the ship is hit, few placements are left (at most two per cell of the ship): the optimal
 *   rule is found by exhaustive search over the outcomes of every shot (`solveSmall`).
 * - While it is not, each shot is valued by what it costs from there on: one shot, then, if it
 *   misses, the greedy hunt (shoot the cell most placements cover, again and again) over the
 *   placements left, and if it hits, the optimal finish after a first hit (which depends only on
 *   which placements through the hit cell are still possible, and is computed once per shape).
 *   The cell of least expected cost is shot. Greedy alone values a cell by its chance of a hit;
 *   this also counts what the hit costs to finish and what a miss leaves to hunt.
 */

/** A small set of placements, each a list of the cells still to hit, all lists the same length. */
interface Small {
  /** covers[c]: bitmask of the placements through local cell c. */
  readonly covers: Int32Array;
  /** Cells still to hit per placement. */
  readonly left: number;
  readonly placements: number;
  readonly memo: Map<number, number>;
}

function popcount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Expected shots to sink the ship from `alive` (bitmask of placements) with `hits` (bitmask of
 * local cells hit so far, `h` of them, common to every alive placement), under the optimal rule.
 */
function smallValue(s: Small, alive: number, hits: number, h: number): number {
  const size = popcount(alive);
  if (size === 1) return s.left - h;
  const key = hits * 2 ** s.placements + alive;
  const known = s.memo.get(key);
  if (known !== undefined) return known;
  let best = Number.POSITIVE_INFINITY;
  for (let c = 0; c < s.covers.length; c++) {
    if ((hits >>> c) & 1) continue;
    const through = (s.covers[c] ?? 0) & alive;
    if (through === 0) continue;
    const a = popcount(through);
    let v = 1;
    if (a < size) v += ((size - a) / size) * smallValue(s, alive & ~through, hits, h);
    // Every alive placement holds the h hits, so the hit sinks one iff h + 1 cells are all it has left.
    if (h + 1 < s.left) v += (a / size) * smallValue(s, through, hits | (1 << c), h + 1);
    if (v < best) best = v;
    if (a === size) break; // a sure hit is always as good as any shot: take it
  }
  s.memo.set(key, best);
  return best;
}

/** The placements' cells as local bitmasks (at most 31 placements and 31 cells). */
function smallOf(placements: readonly (readonly number[])[]): { small: Small; cells: number[] } {
  const cells: number[] = [];
  const local = new Map<number, number>();
  for (const p of placements)
    for (const c of p)
      if (!local.has(c)) {
        local.set(c, cells.length);
        cells.push(c);
      }
  const covers = new Int32Array(cells.length);
  placements.forEach((p, i) => {
    for (const c of p) {
      const l = local.get(c) ?? 0;
      covers[l] = (covers[l] ?? 0) | (1 << i);
    }
  });
  return {
    small: { covers, left: placements[0]?.length ?? 0, placements: placements.length, memo: new Map() },
    cells,
  };
}

/** The optimal shot among a few placements (each a list of the cells still to hit), or -1. */
export function smallBestCell(placements: readonly (readonly number[])[]): number {
  if (placements.length === 0) return -1;
  if (placements.length > 31) return -1;
  const { small, cells } = smallOf(placements);
  if (cells.length > 31) return -1;
  const all = placements.length === 31 ? 0x7fffffff : (1 << placements.length) - 1;
  const size = placements.length;
  let best = -1;
  let bestValue = Number.POSITIVE_INFINITY;
  for (let c = 0; c < cells.length; c++) {
    const through = (small.covers[c] ?? 0) & all;
    const a = popcount(through);
    let v = 1;
    if (a < size) v += ((size - a) / size) * smallValue(small, all & ~through, 0, 0);
    if (1 < small.left) v += (a / size) * smallValue(small, through, 1 << c, 1);
    if (v < bestValue - 1e-12) {
      bestValue = v;
      best = cells[c] ?? -1;
    }
  }
  return best;
}

/**
 * Expected shots to sink a ship of `length` after its first hit, when `slots` says which
 * placements through the hit cell are still possible (bit i < length: horizontal, the hit its
 * i-th cell; bit length + i: vertical). Computed once per shape: the board around does not matter.
 */
const FINISH = new Map<number, number>();
export function finishCost(length: number, slots: number): number {
  if (length <= 1 || slots === 0) return 0;
  const key = length * 4096 + slots;
  const known = FINISH.get(key);
  if (known !== undefined) return known;
  // Cells relative to the hit on a virtual board wide enough for any slot.
  const W = 32;
  const placements: number[][] = [];
  for (let i = 0; i < 2 * length; i++) {
    if (((slots >>> i) & 1) === 0) continue;
    const offset = i % length;
    const vertical = i >= length;
    const cells: number[] = [];
    for (let j = 0; j < length; j++) {
      if (j === offset) continue;
      const d = j - offset;
      cells.push(vertical ? (16 + d) * W + 16 : 16 * W + 16 + d);
    }
    placements.push(cells);
  }
  const { small } = smallOf(placements);
  const all = (1 << placements.length) - 1;
  const v = smallValue(small, all, 0, 0);
  FINISH.set(key, v);
  return v;
}

/** The hunt for the last ship before it is hit: its placements and, per cell, those through it. */
interface Hunt {
  readonly length: number;
  readonly count: number;
  /** Target cells (unknown cells some placement covers). */
  readonly targets: Int32Array;
  /** Per placement, its target indexes: at[p * length + i]. */
  readonly at: Int32Array;
  /** Per target, the placements through it and the slot each has at it (see finishCost). */
  readonly through: readonly Int32Array[];
  readonly slot: readonly Int32Array[];
  /** A small bonus per target (below 1) that orders equal counts in the greedy hunt. */
  readonly tieBreak: Float64Array;
}

function huntOf(length: number, placements: readonly Int32Array[], tieBreak: (cell: number) => number): Hunt {
  const targetOf = new Int32Array(CELLS).fill(-1);
  const targets: number[] = [];
  const count = placements.length;
  const at = new Int32Array(count * length);
  placements.forEach((cells, p) => {
    for (let i = 0; i < length; i++) {
      const c = cells[i] ?? 0;
      if (targetOf[c] === -1) {
        targetOf[c] = targets.length;
        targets.push(c);
      }
      at[p * length + i] = targetOf[c] ?? 0;
    }
  });
  const through: number[][] = targets.map(() => []);
  const slot: number[][] = targets.map(() => []);
  placements.forEach((cells, p) => {
    const vertical = length > 1 && (cells[1] ?? 0) - (cells[0] ?? 0) === GRID_SIZE;
    for (let i = 0; i < length; i++) {
      const t = at[p * length + i] ?? 0;
      through[t]?.push(p);
      slot[t]?.push(vertical ? length + i : i);
    }
  });
  return {
    length,
    count,
    targets: Int32Array.from(targets),
    at,
    through: through.map((x) => Int32Array.from(x)),
    slot: slot.map((x) => Int32Array.from(x)),
    tieBreak: Float64Array.from(targets, tieBreak),
  };
}

/** Hunt state: the placements still possible and how many of them cover each target. */
interface HuntState {
  readonly alive: Uint8Array;
  readonly counts: Int32Array;
  size: number;
}

/** Slots of the alive placements through target t. */
function slotsAt(h: Hunt, st: HuntState, t: number): number {
  const ps = h.through[t] as Int32Array;
  const ss = h.slot[t] as Int32Array;
  let mask = 0;
  for (let j = 0; j < ps.length; j++) if (st.alive[ps[j] ?? 0] === 1) mask |= 1 << (ss[j] ?? 0);
  return mask;
}

/** Takes a miss at target t: its placements leave. */
function miss(h: Hunt, st: HuntState, t: number): void {
  const ps = h.through[t] as Int32Array;
  for (let j = 0; j < ps.length; j++) {
    const p = ps[j] ?? 0;
    if (st.alive[p] !== 1) continue;
    st.alive[p] = 0;
    st.size--;
    for (let i = 0; i < h.length; i++) {
      const u = h.at[p * h.length + i] ?? 0;
      st.counts[u] = (st.counts[u] ?? 0) - 1;
    }
  }
}

/** Expected shots to sink the ship from `st` under the greedy hunt and the optimal finish. Consumes st. */
function greedyCost(h: Hunt, st: HuntState): number {
  const total = st.size;
  if (total === 0) return 0;
  let sum = 0;
  while (st.size > 0) {
    let best = -1;
    let bestScore = -1;
    for (let t = 0; t < h.targets.length; t++) {
      const a = st.counts[t] ?? 0;
      if (a === 0) continue;
      const score = a + (h.tieBreak[t] ?? 0);
      if (score > bestScore) {
        bestScore = score;
        best = t;
      }
    }
    const a = st.counts[best] ?? 0;
    sum += st.size + a * finishCost(h.length, slotsAt(h, st, best));
    miss(h, st, best);
  }
  return sum / total;
}

function stateOf(h: Hunt): HuntState {
  const counts = new Int32Array(h.targets.length);
  for (let t = 0; t < h.targets.length; t++) counts[t] = h.through[t]?.length ?? 0;
  return { alive: new Uint8Array(h.count).fill(1), counts, size: h.count };
}

function copyOf(st: HuntState): HuntState {
  return { alive: st.alive.slice(), counts: st.counts.slice(), size: st.size };
}

/** Expected shots from `st` when target t is shot first and the greedy hunt follows. */
function costAfter(h: Hunt, st: HuntState, t: number): number {
  const a = st.counts[t] ?? 0;
  const size = st.size;
  const hit = (a / size) * finishCost(h.length, slotsAt(h, st, t));
  const rest = copyOf(st);
  miss(h, rest, t);
  return 1 + hit + ((size - a) / size) * greedyCost(h, rest);
}

/**
 * The cell to shoot at the last ship afloat (see the top of this file), or -1 when the view is not
 * that of a single ship left or leaves it nowhere to be. `tieBreak` (below 1) orders cells whose
 * values are equal.
 */
export function lastShipCell(k: Knowledge, tieBreak: (cell: number) => number = () => 0): number {
  if (k.afloat.length !== 1) return -1;
  const ship = k.afloat[0];
  if (!ship) return -1;
  const { table, candidates, hitsCovered } = ship;
  const length = table.length;
  const placements: Int32Array[] = [];
  for (let j = 0; j < candidates.length; j++) {
    if ((hitsCovered[j] ?? 0) !== k.hits.length) continue;
    const p = candidates[j] ?? 0;
    placements.push(table.cells.slice(p * length, (p + 1) * length));
  }
  if (placements.length === 0) return -1;
  if (k.hits.length > 0) {
    const left = placements.map((cells) => [...cells].filter((c) => k.cells[c] === UNKNOWN));
    return smallBestCell(left);
  }
  const h = huntOf(length, placements, tieBreak);
  const st = stateOf(h);
  let best = -1;
  let bestValue = Number.POSITIVE_INFINITY;
  for (let t = 0; t < h.targets.length; t++) {
    const v = costAfter(h, st, t) - (h.tieBreak[t] ?? 0) * 1e-9;
    if (v < bestValue) {
      bestValue = v;
      best = t;
    }
  }
  return h.targets[best] ?? -1;
}
