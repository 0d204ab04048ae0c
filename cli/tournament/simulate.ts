import { createRng } from '../../src/game';
import { eloToScore, type Pentanomial, type SprtConfig, type SprtDecision, sprtState } from './sprt';

/**
 * Runs the SPRT on simulated matches (the statistical check of docs/engines.md): each pair is two
 * independent games the first player wins with the score `trueElo` implies. Returns how often each
 * decision was reached and the mean pairs it took. Deterministic for a seed.
 */
export function simulateSprt(
  config: SprtConfig,
  trueElo: number,
  runs: number,
  seed: number,
  maxPairs = 100_000,
): { H0: number; H1: number; none: number; meanPairs: number } {
  const rng = createRng(seed);
  const p = eloToScore(trueElo);
  const out = { H0: 0, H1: 0, none: 0, meanPairs: 0 };
  let pairsTotal = 0;
  for (let r = 0; r < runs; r++) {
    const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
    let decision: SprtDecision = 'none';
    let pairs = 0;
    while (pairs < maxPairs) {
      const won = (rng.next() < p ? 1 : 0) + (rng.next() < p ? 1 : 0);
      counts[won * 2] = (counts[won * 2] ?? 0) + 1;
      pairs++;
      // The LLR is checked after every pair, as the tournament does.
      decision = sprtState(counts as Pentanomial, config).result;
      if (decision !== 'none') break;
    }
    out[decision]++;
    pairsTotal += pairs;
  }
  out.meanPairs = pairsTotal / runs;
  return out;
}
