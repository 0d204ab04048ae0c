import { createRng } from '../../src/game';
import { normalCdf, Z95 } from './sprt';

/**
 * Joint ratings of any number of participants (docs/engines.md, "Ratings"), as Ordo and BayesElo
 * compute them: the maximum-likelihood ratings of the logistic (Bradley–Terry) model, in which a
 * participant rated d Elo above another wins with probability 1/(1 + 10^(−d/400)), fitted to every
 * game at once, so a rating reflects whom it was earned against. Ratings are relative to the
 * pool's average (0, the average of the estimates). Participants who won or lost every game (no
 * finite estimate) get, as in Ordo, a floor or a ceiling: where their expected score falls half a
 * game short of perfect (Ordo puts them where one game drawn would; this game has no draws); so does a group
 * of participants who never lost (or never won) a game against the rest. Errors come
 * from a bootstrap over whole pairs (the pentanomial unit: both games of a pair on the same
 * fleets), so they account for what pairing removes, as for two participants; the likelihood of
 * superiority over the next in the ranking comes from the same resamples. Pure; seeded.
 */

/** One unit of play between two participants: a whole pair, or a game whose pair is unfinished. */
export interface RatingUnit {
  /** Participant indexes, `a` the pairing's first. */
  readonly a: number;
  readonly b: number;
  /** Games won by `a` in the unit, out of `games` (2 for a pair, 1 for a lone game). */
  readonly aWins: number;
  readonly games: number;
}

export interface Rating {
  readonly name: string;
  /** Elo relative to the pool's average; null without games. A floor or a ceiling when `bound` is set. */
  readonly rating: number | null;
  /** Half the width of the 95% interval; null for a bound or without games. */
  readonly error: number | null;
  readonly bound: 'floor' | 'ceiling' | null;
  /** Likelihood that it is stronger than the next one in the ranking (null for the last). */
  readonly losNext: number | null;
  readonly games: number;
  readonly wins: number;
}

export interface RatingOptions {
  /** Bootstrap resamples for the errors (0: none). */
  readonly resamples: number;
  readonly seed: number;
}

export const DEFAULT_RATING_OPTIONS: RatingOptions = { resamples: 1000, seed: 1 };

const K = Math.LN10 / 400;

/** Wins of i against j (`wins[i][j]`) and games between them, from units. */
function tables(n: number, units: readonly RatingUnit[]): { wins: number[][]; games: number[][] } {
  const wins = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const games = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const u of units) {
    const wa = wins[u.a];
    const wb = wins[u.b];
    const ga = games[u.a];
    const gb = games[u.b];
    if (!wa || !wb || !ga || !gb) continue;
    wa[u.b] = (wa[u.b] ?? 0) + u.aWins;
    wb[u.a] = (wb[u.a] ?? 0) + u.games - u.aWins;
    ga[u.b] = (ga[u.b] ?? 0) + u.games;
    gb[u.a] = (gb[u.a] ?? 0) + u.games;
  }
  return { wins, games };
}

const at = (m: readonly number[][], i: number, j: number): number => m[i]?.[j] ?? 0;

/** Solves A·x = b for a small symmetric positive-definite A (Gaussian elimination, partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(at(m, r, c)) > Math.abs(at(m, pivot, c))) pivot = r;
    [m[c], m[pivot]] = [m[pivot] ?? [], m[c] ?? []];
    const p = at(m, c, c);
    if (p === 0) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = at(m, r, c) / p;
      if (f === 0) continue;
      const row = m[r] ?? [];
      const pivotRow = m[c] ?? [];
      for (let k = c; k <= n; k++) row[k] = (row[k] ?? 0) - f * (pivotRow[k] ?? 0);
    }
  }
  return Array.from({ length: n }, (_, i) => at(m, i, n) / (at(m, i, i) || 1));
}

/**
 * Maximum-likelihood ratings (natural-log scale) of the players `set`, which must be connected
 * through wins both ways (a strongly connected group, see strongGroups): Newton's method on the
 * log-likelihood with the first player held at 0 (the likelihood only knows differences).
 */
function maximumLikelihood(set: readonly number[], wins: number[][], games: number[][]): Map<number, number> {
  const m = set.length;
  const n = set.map((i) => set.map((j) => at(games, i, j)));
  const w = set.map((i) => set.map((j) => at(wins, i, j)));
  const x = new Float64Array(m);
  const size = m - 1;
  for (let iteration = 0; iteration < 100 && size > 0; iteration++) {
    // The gradient and the negated Hessian (a weighted graph Laplacian, positive definite once the
    // first player is held fixed), over the free players 1..m-1.
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (let a = 0; a < m; a++) {
      const na = n[a] ?? [];
      const wa = w[a] ?? [];
      for (let b = a + 1; b < m; b++) {
        const games = na[b] ?? 0;
        if (games === 0) continue;
        const p = 1 / (1 + Math.exp(-((x[a] ?? 0) - (x[b] ?? 0))));
        const v = games * p * (1 - p);
        const g = (wa[b] ?? 0) - games * p;
        if (a > 0) {
          gradient[a - 1] = (gradient[a - 1] ?? 0) + g;
          const row = hessian[a - 1] ?? [];
          row[a - 1] = (row[a - 1] ?? 0) + v;
          if (b > 0) row[b - 1] = (row[b - 1] ?? 0) - v;
        }
        if (b > 0) {
          gradient[b - 1] = (gradient[b - 1] ?? 0) - g;
          const row = hessian[b - 1] ?? [];
          row[b - 1] = (row[b - 1] ?? 0) + v;
          if (a > 0) row[a - 1] = (row[a - 1] ?? 0) - v;
        }
      }
    }
    const step = solve(hessian, gradient);
    // Far from the optimum a full step may overshoot: no rating moves by more than 2 (about 350 Elo) at once.
    let largest = 0;
    for (const d of step) largest = Math.max(largest, Math.abs(d));
    const scale = largest > 2 ? 2 / largest : 1;
    for (let k = 0; k < size; k++) x[k + 1] = (x[k + 1] ?? 0) + scale * (step[k] ?? 0);
    if (largest < 1e-12) break;
  }
  return new Map(set.map((p, k) => [p, x[k] ?? 0]));
}

/**
 * The strongly connected groups of the "beat" relation among `players` (Tarjan): within a group
 * every player can be reached from every other through wins, which is when maximum likelihood has
 * a finite answer. Between groups one side never beat the other, and only a bound can be given.
 */
function strongGroups(players: readonly number[], wins: number[][]): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const visit = (v: number): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of players) {
      if (at(wins, v, w) === 0) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: number[] = [];
      for (;;) {
        const w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
        if (w === v) break;
      }
      out.push(group.sort((a, b) => a - b));
    }
  };
  for (const v of players) if (!index.has(v)) visit(v);
  return out;
}

interface Fit {
  /** Elo per participant; null without games. */
  readonly elo: (number | null)[];
  readonly bound: ('floor' | 'ceiling' | null)[];
}

/**
 * Ratings from win and game tables, centred on the pool's average. Within each strongly connected
 * group (see strongGroups) the ratings are the maximum-likelihood ones. Groups are then placed one
 * by one, the biggest first, each next the one with the most games against those placed: by the
 * conditional maximum likelihood when it both won and lost against them, else, as Ordo places a
 * player with a perfect score, where half a game less (or more) would put it: its rating is then a
 * floor (it won every game against the others) or a ceiling (it lost every one). A group with no
 * games against any placed one starts at 0.
 */
function fitRatings(n: number, wins: number[][], games: number[][]): Fit {
  const elo: (number | null)[] = new Array(n).fill(null);
  const bound: ('floor' | 'ceiling' | null)[] = new Array(n).fill(null);
  const active: number[] = [];
  for (let i = 0; i < n; i++) if ((games[i] ?? []).some((g) => g > 0)) active.push(i);
  const groups = strongGroups(active, wins).map((members) => {
    const x = members.length > 1 ? maximumLikelihood(members, wins, games) : new Map([[members[0] ?? 0, 0]]);
    return { members, inner: members.map((p) => (x.get(p) ?? 0) / K) };
  });
  groups.sort((a, b) => b.members.length - a.members.length);
  const placed = new Set<number>();
  const against = (members: readonly number[], f: (i: number, j: number) => number): number =>
    members.reduce((s, i) => s + [...placed].reduce((t, j) => t + f(i, j), 0), 0);
  const left = [...groups];
  while (left.length > 0) {
    left.sort((a, b) => against(b.members, (i, j) => at(games, i, j)) - against(a.members, (i, j) => at(games, i, j)));
    const group = left.shift();
    if (!group) break;
    const played = against(group.members, (i, j) => at(games, i, j));
    const won = against(group.members, (i, j) => at(wins, i, j));
    let offset = 0;
    if (played > 0) {
      const target = won === played ? played - 0.5 : won === 0 ? 0.5 : won;
      const expected = (shift: number) =>
        against(group.members, (i, j) => {
          const g = at(games, i, j);
          if (g === 0) return 0;
          const k = group.members.indexOf(i);
          return g / (1 + 10 ** (-((group.inner[k] ?? 0) + shift - (elo[j] ?? 0)) / 400));
        });
      let lo = -20_000;
      let hi = 20_000;
      for (let k = 0; k < 100; k++) {
        const mid = (lo + hi) / 2;
        if (expected(mid) < target) lo = mid;
        else hi = mid;
      }
      offset = (lo + hi) / 2;
    }
    group.members.forEach((p, k) => {
      elo[p] = (group.inner[k] ?? 0) + offset;
      placed.add(p);
    });
  }
  // A participant who won (lost) every game it played has a floor (ceiling), as Ordo marks them.
  for (const i of active) {
    const g = (games[i] ?? []).reduce((a, b) => a + b, 0);
    const w = (wins[i] ?? []).reduce((a, b) => a + b, 0);
    bound[i] = w === g ? 'floor' : w === 0 ? 'ceiling' : null;
  }
  // The pool's average is that of the estimates, as Ordo takes it: a floor or a ceiling is no estimate.
  const estimates = elo.filter((e, i): e is number => e !== null && bound[i] === null);
  const pool = estimates.length > 0 ? estimates : elo.filter((e): e is number => e !== null);
  const average = pool.reduce((s, e) => s + e, 0) / Math.max(1, pool.length);
  return { elo: elo.map((e) => (e === null ? null : e - average)), bound };
}

/** A resample of each pairing's units, with replacement (the bootstrap's draw). */
function resample(byPairing: readonly (readonly RatingUnit[])[], next: () => number): RatingUnit[] {
  const out: RatingUnit[] = [];
  for (const units of byPairing)
    for (let k = 0; k < units.length; k++) {
      const u = units[Math.floor(next() * units.length)];
      if (u) out.push(u);
    }
  return out;
}

/**
 * Every participant's rating with its 95% error, in ranking order (the best first; unrated
 * participants last). `byPairing` holds each pairing's units (whole pairs and unfinished games).
 */
export function jointRatings(
  names: readonly string[],
  byPairing: readonly (readonly RatingUnit[])[],
  options: RatingOptions = DEFAULT_RATING_OPTIONS,
): Rating[] {
  const n = names.length;
  const all = byPairing.flat();
  const { wins, games } = tables(n, all);
  const base = fitRatings(n, wins, games);
  const samples: (number | null)[][] = [];
  if (options.resamples > 0 && all.length > 0) {
    const rng = createRng(options.seed);
    for (let s = 0; s < options.resamples; s++) {
      const t = tables(n, resample(byPairing, rng.next));
      samples.push(fitRatings(n, t.wins, t.games).elo);
    }
  }
  const sd = (f: (sample: (number | null)[]) => number | null): number | null => {
    const values = samples.map(f).filter((v): v is number => v !== null);
    if (values.length < 2) return null;
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
  };
  const order = names
    .map((_, i) => i)
    .sort((i, j) => (base.elo[j] ?? Number.NEGATIVE_INFINITY) - (base.elo[i] ?? Number.NEGATIVE_INFINITY));
  return order.map((i, rank) => {
    const next = order[rank + 1];
    const played = (games[i] ?? []).reduce((a, b) => a + b, 0);
    const won = (wins[i] ?? []).reduce((a, b) => a + b, 0);
    const rating = base.elo[i] ?? null;
    const spread = base.bound[i] || rating === null ? null : sd((e) => e[i] ?? null);
    let losNext: number | null = null;
    if (next !== undefined && rating !== null && base.elo[next] !== null && base.elo[next] !== undefined) {
      const diff = rating - (base.elo[next] ?? 0);
      const sdDiff = sd((e) => (e[i] === null || e[next] === null ? null : (e[i] ?? 0) - (e[next] ?? 0)));
      losNext = sdDiff === null || sdDiff === 0 ? (diff > 0 ? 1 : 0.5) : normalCdf(diff / sdDiff);
    }
    return {
      name: names[i] ?? '?',
      rating,
      error: spread === null ? null : Z95 * spread,
      bound: base.bound[i] ?? null,
      losNext,
      games: played,
      wins: won,
    };
  });
}
