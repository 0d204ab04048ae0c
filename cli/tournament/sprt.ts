/**
 * The statistics of a match between two players (docs/engines.md, "Statistics"): the generalized
 * sequential probability ratio test (GSPRT) that chess testers stop a match with, computed as
 * fastchess computes it, and the Elo difference of whole pairs with its 95% error, normalized Elo
 * and the likelihood of superiority. Games come in pairs (same fleets, seats swapped), so the
 * pentanomial model applies: a pair scores 0, ¼, ½, ¾ or 1 for the first player (both lost, a loss
 * and a draw, a split or two draws, a win and a draw, both won); this game has no draws, so only
 * 0, ½ and 1 occur. Pure functions; no I/O.
 */

/** The Elo model the SPRT's bounds are given in: logistic Elo (cutechess, fishtest) or normalized Elo (fastchess's default). */
export type SprtModel = 'logistic' | 'normalized';

export interface SprtConfig {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  /** Absent in runs saved before it existed: logistic. */
  readonly model?: SprtModel;
}

export type SprtDecision = 'H0' | 'H1' | 'none';

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly result: SprtDecision;
}

/** Counts of pairs by score for the first player: [LL, LD, DD+WL, WD, WW] (fastchess's Ptnml(0-2) order). */
export type Pentanomial = readonly [number, number, number, number, number];

/** The score of each pentanomial outcome for the first player, per game. */
export const PENTA_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

/** A pairing's completed pairs as pentanomial counts: no draws, so LD and WD stay 0. */
export function pentanomialOf(pairs: { bothLost: number; split: number; bothWon: number }): Pentanomial {
  return [pairs.bothLost, 0, pairs.split, 0, pairs.bothWon];
}

export const DEFAULT_ALPHA = 0.05;
export const DEFAULT_BETA = 0.05;

/**
 * `elo0=0,elo1=10` (alpha and beta 0.05 unless given, as fastchess and fishtest testers type it),
 * `elo0=0,elo1=10,alpha=0.05,beta=0.1,model=normalized`, words apart by commas or spaces, or the
 * numbers alone in that order (`0,10` or `0,10,0.05,0.05`).
 */
export function parseSprt(text: string): SprtConfig | string {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const order = ['elo0', 'elo1', 'alpha', 'beta'];
  const values: Record<string, number> = {};
  let model: SprtModel = 'logistic';
  for (const [i, part] of parts.entries()) {
    const eq = part.indexOf('=');
    const key = (eq >= 0 ? part.slice(0, eq) : (order[i] ?? '')).trim().toLowerCase();
    const value = (eq >= 0 ? part.slice(eq + 1) : part).trim();
    if (key === 'model') {
      if (value !== 'logistic' && value !== 'normalized') return `model must be logistic or normalized, got "${value}"`;
      model = value;
      continue;
    }
    if (!order.includes(key))
      return eq < 0 && i >= order.length
        ? `expected elo0=…,elo1=…[,alpha=…,beta=…,model=…], got "${text}"`
        : `unknown SPRT parameter "${part.slice(0, Math.max(eq, 0)) || part}" (elo0, elo1, alpha, beta, model)`;
    const n = Number(value);
    if (value === '' || !Number.isFinite(n)) return `${key} must be a number, got "${value}"`;
    values[key] = n;
  }
  if (values.elo0 === undefined || values.elo1 === undefined)
    return `expected elo0=…,elo1=…[,alpha=…,beta=…,model=…], got "${text}"`;
  const config = {
    elo0: values.elo0,
    elo1: values.elo1,
    alpha: values.alpha ?? DEFAULT_ALPHA,
    beta: values.beta ?? DEFAULT_BETA,
    model,
  };
  if (!(config.elo0 < config.elo1)) return 'elo0 must be less than elo1';
  if (!(config.alpha > 0 && config.alpha < 0.5 && config.beta > 0 && config.beta < 0.5))
    return 'alpha and beta must be between 0 and 0.5';
  return config;
}

/** `elo0=0 elo1=10 alpha=0.05 beta=0.05 (logistic)`, how reports write an SPRT. */
export function formatSprt(c: SprtConfig): string {
  return `elo0=${c.elo0} elo1=${c.elo1} alpha=${c.alpha} beta=${c.beta} (${c.model ?? 'logistic'})`;
}

/** Expected score of a player rated `elo` above its opponent (logistic model). */
export const eloToScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** Elo difference that gives the expected score `score` (0 < score < 1). */
export const scoreToElo = (score: number): number => -400 * Math.log10(1 / score - 1);

/** 800 / ln 10: the factor between normalized Elo and a score's distance from ½ in standard deviations. */
const NELO = 800 / Math.LN10;

/** Lower and upper LLR bounds: ln(β/(1−α)) and ln((1−β)/α). */
export function sprtBounds(config: SprtConfig): { lower: number; upper: number } {
  return {
    lower: Math.log(config.beta / (1 - config.alpha)),
    upper: Math.log((1 - config.beta) / config.alpha),
  };
}

/** Zero counts become 0.001, as fastchess regularizes them, so every outcome has a likelihood. */
const REGULARIZED = 1e-3;

/** The empirical distribution of the counts, regularized, and their total. */
function empirical(counts: readonly number[]): { total: number; probs: number[] } {
  const regular = counts.map((c) => (c === 0 ? REGULARIZED : c));
  const total = regular.reduce((a, b) => a + b, 0);
  return { total, probs: regular.map((c) => c / total) };
}

/**
 * The root of a decreasing function on the open interval (lo, hi), where it goes from +∞ to −∞,
 * by bisection to 1e-11 (fastchess uses ITP to 1e-7, which finds the same root sooner).
 */
function decreasingRoot(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 200 && b - a > 1e-11; i++) {
    const mid = (a + b) / 2;
    const value = f(mid);
    if (value === 0) return mid;
    if (value > 0) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
}

/**
 * The distribution closest (in likelihood) to the observed one whose mean score is `s`: p_i =
 * p̂_i / (1 + θ(a_i − s)), θ solving Σ p̂_i (a_i − s)/(1 + θ(a_i − s)) = 0 (M. Van den Bergh,
 * "Comments on Normalized Elo", proposition 1.1).
 */
function mleWithMean(scores: readonly number[], probs: readonly number[], s: number): number[] {
  const first = scores[0] ?? 0;
  const last = scores[scores.length - 1] ?? 1;
  const theta = decreasingRoot(
    (x) => probs.reduce((sum, p, i) => sum + (p * ((scores[i] ?? 0) - s)) / (1 + x * ((scores[i] ?? 0) - s)), 0),
    -1 / (last - s),
    -1 / (first - s),
  );
  return probs.map((p, i) => p / (1 + theta * ((scores[i] ?? 0) - s)));
}

function meanAndVariance(scores: readonly number[], p: readonly number[]): { mean: number; variance: number } {
  const mean = p.reduce((sum, q, i) => sum + q * (scores[i] ?? 0), 0);
  const variance = p.reduce((sum, q, i) => sum + q * ((scores[i] ?? 0) - mean) ** 2, 0);
  return { mean, variance };
}

/**
 * The distribution closest to the observed one whose normalized score (μ − ½)/σ is `t`, by the
 * fixed-point iteration of the same paper (section 4.1), from the uniform distribution.
 */
function mleWithNormalizedScore(scores: readonly number[], probs: readonly number[], t: number): number[] {
  let p = scores.map(() => 1 / scores.length);
  for (let round = 0; round < 1000; round++) {
    const { mean, variance } = meanAndVariance(scores, p);
    const sigma = Math.sqrt(variance);
    const phi = scores.map((a) => a - 0.5 - 0.5 * t * sigma * (1 + ((a - mean) / sigma) ** 2));
    const u = Math.min(...phi);
    const v = Math.max(...phi);
    const theta = decreasingRoot(
      (x) => probs.reduce((sum, q, i) => sum + (q * (phi[i] ?? 0)) / (1 + x * (phi[i] ?? 0)), 0),
      -1 / v,
      -1 / u,
    );
    const next = probs.map((q, i) => q / (1 + theta * (phi[i] ?? 0)));
    const change = Math.max(...next.map((q, i) => Math.abs(q - (p[i] ?? 0))));
    p = next;
    if (change < 1e-4) break;
  }
  return p;
}

/**
 * The GSPRT log-likelihood ratio of H1 against H0 from pentanomial pair counts, as fastchess
 * computes it: the observed distribution (zero counts regularized to 0.001) against the closest
 * distributions that H0 and H1 allow (each's mean score s0, s1 in the logistic model; each's
 * normalized score t0, t1 = √2·elo/(800/ln 10) in the normalized one), LLR = N·Σ p̂_i ln(p1_i/p0_i).
 */
export function llr(counts: Pentanomial, config: SprtConfig): number {
  const pairs = counts.reduce((a, b) => a + b, 0);
  if (pairs === 0) return 0;
  const { total, probs } = empirical(counts);
  const scores = PENTA_SCORES;
  let p0: number[];
  let p1: number[];
  if (config.model === 'normalized') {
    p0 = mleWithNormalizedScore(scores, probs, (Math.SQRT2 * config.elo0) / NELO);
    p1 = mleWithNormalizedScore(scores, probs, (Math.SQRT2 * config.elo1) / NELO);
  } else {
    p0 = mleWithMean(scores, probs, eloToScore(config.elo0));
    p1 = mleWithMean(scores, probs, eloToScore(config.elo1));
  }
  return total * probs.reduce((sum, q, i) => sum + q * (Math.log(p1[i] ?? 1) - Math.log(p0[i] ?? 1)), 0);
}

export function sprtState(counts: Pentanomial, config: SprtConfig): SprtState {
  const value = llr(counts, config);
  const { lower, upper } = sprtBounds(config);
  const result: SprtDecision = value >= upper ? 'H1' : value <= lower ? 'H0' : 'none';
  return { llr: value, lower, upper, result };
}

/** The error function (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7). */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}

/** The standard normal distribution function. */
export const normalCdf = (z: number): number => 0.5 * (1 + erf(z / Math.SQRT2));

/** 1.96: the half-width of a 95% interval in standard errors. */
export const Z95 = 1.959964;

export interface EloEstimate {
  /** Elo difference of the first player over the second; a bound when `bound` is set. */
  readonly value: number;
  /** Half the width of the 95% interval; null for a bound. */
  readonly error: number | null;
  /** Normalized Elo and its 95% error (null when every pair scored alike). */
  readonly nElo: number | null;
  readonly nEloError: number | null;
  /** Likelihood of superiority of the first player, 0..1. */
  readonly los: number;
  /** A perfect score has no finite estimate: `value` is then a floor (every pair won) or a ceiling. */
  readonly bound: 'floor' | 'ceiling' | null;
  readonly pairs: number;
}

/**
 * The first player's Elo over the second from pentanomial pair counts, as fastchess reports it:
 * the mean pair score x̄ and its variance σ² over N pairs, Elo = −400·log10(1/x̄ − 1), the 95%
 * error half the Elo width of x̄ ± 1.96·σ/√N, normalized Elo (x̄ − ½)/√(2σ²)·800/ln 10 with its
 * error, and LOS = Φ((x̄ − ½)/(σ/√N)). A perfect score gets, as Ordo gives it, the Elo it would
 * have had with half a game less: a floor (or a ceiling), without an error.
 */
export function pentanomialElo(counts: Pentanomial): EloEstimate {
  const pairs = counts.reduce((a, b) => a + b, 0);
  if (pairs === 0) return { value: 0, error: null, nElo: null, nEloError: null, los: 0.5, bound: null, pairs };
  const f = counts.map((c) => c / pairs);
  const { mean, variance } = meanAndVariance(PENTA_SCORES, f);
  if (mean >= 1 || mean <= 0) {
    const games = 2 * pairs;
    const edge = mean >= 1 ? (games - 0.5) / games : 0.5 / games;
    return {
      value: scoreToElo(edge),
      error: null,
      nElo: null,
      nEloError: null,
      los: mean >= 1 ? 1 : 0,
      bound: mean >= 1 ? 'floor' : 'ceiling',
      pairs,
    };
  }
  const se = Math.sqrt(variance / pairs);
  const clamp = (s: number): number => Math.min(1 - 1e-9, Math.max(1e-9, s));
  const error = (scoreToElo(clamp(mean + Z95 * se)) - scoreToElo(clamp(mean - Z95 * se))) / 2;
  const sd = Math.sqrt(2 * variance);
  const los = se === 0 ? (mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5) : normalCdf((mean - 0.5) / se);
  return {
    value: scoreToElo(mean),
    error,
    nElo: sd === 0 ? null : ((mean - 0.5) / sd) * NELO,
    nEloError: sd === 0 ? null : ((Z95 * se) / sd) * NELO,
    los,
    bound: null,
    pairs,
  };
}
