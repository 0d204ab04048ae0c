/**
 * The statistics of a match between two players (docs/engines.md, "Statistics"): Elo difference
 * with its 95% error and the likelihood of superiority, and the generalized sequential probability
 * ratio test (GSPRT) that chess testers use to stop a match as soon as it decides. Games come in
 * pairs (same fleets, seats swapped), so the pentanomial model applies to whole pairs: a pair
 * scores 0, ½ or 1 for the first player (no draws in this game: both lost, split, both won). Single
 * games use the trinomial model. Pure functions; no I/O.
 */

export interface SprtConfig {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export type SprtDecision = 'H0' | 'H1' | 'none';

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly result: SprtDecision;
}

/** `elo0=0,elo1=10,alpha=0.05,beta=0.05` (also accepted: `0,10,0.05,0.05`). */
export function parseSprt(text: string): SprtConfig | string {
  const values: Record<string, number> = {};
  const parts = text.split(',').map((p) => p.trim());
  const keys = ['elo0', 'elo1', 'alpha', 'beta'];
  if (parts.length !== 4) return `expected elo0=…,elo1=…,alpha=…,beta=…, got "${text}"`;
  for (const [i, part] of parts.entries()) {
    const [k, v] = part.includes('=') ? part.split('=') : [keys[i], part];
    const key = (k ?? '').trim().toLowerCase();
    const n = Number(v);
    if (!keys.includes(key)) return `unknown SPRT parameter "${k}" (elo0, elo1, alpha, beta)`;
    if (v === undefined || v.trim() === '' || !Number.isFinite(n)) return `${key} must be a number, got "${v}"`;
    values[key] = n;
  }
  const config = { elo0: values.elo0 ?? 0, elo1: values.elo1 ?? 0, alpha: values.alpha ?? 0, beta: values.beta ?? 0 };
  if (!(config.elo0 < config.elo1)) return 'elo0 must be less than elo1';
  if (!(config.alpha > 0 && config.alpha < 0.5 && config.beta > 0 && config.beta < 0.5))
    return 'alpha and beta must be between 0 and 0.5';
  return config;
}

/** Expected score of a player rated `elo` above its opponent (logistic model). */
export const eloToScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** Elo difference that gives the expected score `score` (0 < score < 1). */
export const scoreToElo = (score: number): number => -400 * Math.log10(1 / score - 1);

/** Lower and upper LLR bounds: ln(β/(1−α)) and ln((1−β)/α). */
export function sprtBounds(config: SprtConfig): { lower: number; upper: number } {
  return {
    lower: Math.log(config.beta / (1 - config.alpha)),
    upper: Math.log((1 - config.beta) / config.alpha),
  };
}

/** Pseudo-count added to every outcome before the mean and variance are taken (see `moments`). */
export const PRIOR = 0.5;

/**
 * Mean and variance of a score distribution given as counts of each outcome. Every outcome gets
 * `prior` more (half a pair by default): the usual tiny count for unseen outcomes leaves the variance
 * near zero after a few pairs of one kind, and the test then decides on one or two pairs (a first
 * pair won twice gave an LLR of 21). Half a pair is a weak prior of an even match: it moves the mean
 * by under 0.1% after 500 pairs (docs/engines.md, "Statistics").
 */
export function moments(
  counts: readonly number[],
  scores: readonly number[],
  prior = PRIOR,
): { n: number; mean: number; variance: number } {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return { n: 0, mean: 0.5, variance: 0 };
  const regular = counts.map((c) => c + prior);
  const total = regular.reduce((a, b) => a + b, 0);
  let mean = 0;
  regular.forEach((c, i) => {
    mean += (c / total) * (scores[i] ?? 0);
  });
  let variance = 0;
  regular.forEach((c, i) => {
    variance += (c / total) * ((scores[i] ?? 0) - mean) ** 2;
  });
  return { n, mean, variance };
}

/**
 * The GSPRT log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0) in the logistic model,
 * from outcome counts: LLR ≈ N·(s1 − s0)·(2·x̄ − s0 − s1) / (2·σ²), where x̄ and σ² are the mean
 * and variance of the observed scores and s0, s1 the scores the two hypotheses expect.
 */
export function llr(counts: readonly number[], scores: readonly number[], config: SprtConfig): number {
  const { n, mean, variance } = moments(counts, scores);
  if (n === 0 || variance <= 0) return 0;
  const s0 = eloToScore(config.elo0);
  const s1 = eloToScore(config.elo1);
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** Scores of a pair for the first player: both lost, split, both won. */
export const PAIR_SCORES = [0, 0.5, 1] as const;
/** Scores of a single game: loss, draw (never here), win. */
export const GAME_SCORES = [0, 0.5, 1] as const;

export function sprtState(counts: readonly number[], scores: readonly number[], config: SprtConfig): SprtState {
  const value = llr(counts, scores, config);
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

export interface EloEstimate {
  /** Elo difference of the first player over the second. */
  readonly value: number;
  /** Half the width of the 95% interval. */
  readonly error: number;
  /** Likelihood of superiority of the first player, 0..1. */
  readonly los: number;
}

/**
 * Elo difference from outcome counts (pairs or games), with the 95% error from the variance of
 * those outcomes, and LOS from wins and losses: ½·(1 + erf((W − L)/√(2(W + L)))).
 */
export function eloEstimate(
  counts: readonly number[],
  scores: readonly number[],
  wins: number,
  losses: number,
): EloEstimate {
  const { n, mean, variance } = moments(counts, scores);
  const clamp = (s: number): number => Math.min(1 - 1e-6, Math.max(1e-6, s));
  const value = n === 0 ? 0 : scoreToElo(clamp(mean));
  const se = n === 0 ? 0 : Math.sqrt(variance / n);
  const error =
    n === 0
      ? Number.POSITIVE_INFINITY
      : (scoreToElo(clamp(mean + 1.959964 * se)) - scoreToElo(clamp(mean - 1.959964 * se))) / 2;
  const los = wins + losses === 0 ? 0.5 : 0.5 * (1 + erf((wins - losses) / Math.sqrt(2 * (wins + losses))));
  return { value, error, los };
}
