/**
 * Reads V8's `--trace-gc` lines (one per collection, on stdout) into figures: collections by kind,
 * main-thread marking per full cycle (the pause plus the incremental steps run on the main thread),
 * bytes allocated (what each collection found above what the previous one left) and the live heap
 * after each full cycle.
 */
export interface GcEvent {
  /** ms since the process started. */
  readonly at: number;
  readonly kind: 'scavenge' | 'minor-mc' | 'mark-compact';
  readonly beforeMb: number;
  readonly afterMb: number;
  /** The collection's pause on the main thread, ms. */
  readonly pauseMs: number;
  /** Incremental marking steps on the main thread before the pause, ms (full cycles only). */
  readonly stepsMs: number;
}

const LINE =
  /(\d+) ms: (Scavenge|Minor Mark-Compact|Minor Mark-Sweep|Mark-Compact(?: \(reduce\))?|Mark-Sweep(?: \(reduce\))?)\s+([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB,(?: pooled: [\d.]+ MB,)? ([\d.]+) \/ [\d.]+ ms(?:\s+\(\+ ([\d.]+) ms in \d+ steps)?/;

export function parseGcLine(line: string): GcEvent | null {
  const m = LINE.exec(line);
  if (!m) return null;
  const name = m[2] ?? '';
  return {
    at: Number(m[1]),
    kind: name === 'Scavenge' ? 'scavenge' : name.startsWith('Minor') ? 'minor-mc' : 'mark-compact',
    beforeMb: Number(m[3]),
    afterMb: Number(m[4]),
    pauseMs: Number(m[5]),
    stepsMs: Number(m[6] ?? 0),
  };
}

export interface GcFigures {
  readonly scavenges: number;
  readonly fullCycles: number;
  /** Main-thread marking per full cycle (pause + steps), ms: mean and worst. */
  readonly markMsMean: number;
  readonly markMsMax: number;
  readonly scavengeMsMean: number;
  readonly allocatedMb: number;
  /** Heap left after the last full cycle, MB (the live heap). */
  readonly liveMb: number;
}

/** Figures of the collections whose time falls in [from, to] (ms since the process started). */
export function gcFigures(events: readonly GcEvent[], from: number, to: number): GcFigures {
  let allocated = 0;
  let previousAfter: number | null = null;
  const full: GcEvent[] = [];
  const scavenges: GcEvent[] = [];
  for (const e of events) {
    if (e.at > to) break;
    if (e.at >= from) {
      if (previousAfter !== null) allocated += Math.max(0, e.beforeMb - previousAfter);
      if (e.kind === 'mark-compact') full.push(e);
      else scavenges.push(e);
    }
    previousAfter = e.afterMb;
  }
  const marks = full.map((e) => e.pauseMs + e.stepsMs);
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    scavenges: scavenges.length,
    fullCycles: full.length,
    markMsMean: mean(marks),
    markMsMax: marks.length ? Math.max(...marks) : 0,
    scavengeMsMean: mean(scavenges.map((e) => e.pauseMs)),
    allocatedMb: allocated,
    liveMb: full.at(-1)?.afterMb ?? Number.NaN,
  };
}
