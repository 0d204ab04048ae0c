import type { Rng } from '../../src/game';

/** The think time as reports print it: "2000 ms", or "2000 ms ± 50 %" with a jitter. */
export function paceText(paceMs: number, jitter: number): string {
  return jitter > 0 ? `${paceMs} ms ± ${Math.round(jitter * 100)} %` : `${paceMs} ms`;
}

/**
 * A player's think times before its shots, ms: `paceMs` each, or, with a `jitter` share, drawn
 * uniformly from paceMs × [1 − jitter, 1 + jitter] (mean paceMs), as Artillery's `think` step does
 * with its `jitter` option. People do not all take exactly the same time: with one fixed think
 * time, a server stall bunches every player's next shot into the same instant, 2 s later, and the
 * bunch comes back every 2 s (docs/cli.md, "load").
 */
export function thinkTimes(paceMs: number, jitter: number, rng: Rng): () => number {
  if (paceMs <= 0) return () => 0;
  if (jitter <= 0) return () => paceMs;
  const spread = Math.min(1, jitter);
  return () => paceMs * (1 - spread + 2 * spread * rng.next());
}
