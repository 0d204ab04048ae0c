/**
 * Where a V8 CPU profile's time goes: `node --cpu-prof --cpu-prof-dir DIR dist-server/main.js`
 * during a load run, then `npx tsx bench/profile-summary.ts DIR/*.cpuprofile [--top N]`.
 * Prints self time by package (or our own source folder) and the heaviest functions; with
 * `--stalls MS`, every stretch of at least MS of busy samples in a row (the event loop held that
 * long) with the functions that took most of it.
 */
import { readFileSync } from 'node:fs';
import { bucketOf, frameName } from './profile-frames';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Stretches of consecutive non-idle samples lasting at least `minMs`, with where their time went. */
function stalls(profile: Profile, minMs: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frameOf = (id: number): string => {
    const node = byId.get(id);
    return node ? frameName(node.callFrame) : '?';
  };
  const idle = (id: number): boolean => byId.get(id)?.callFrame.functionName === '(idle)';
  let start = -1;
  let at = 0;
  let startAt = 0;
  const report = (from: number, to: number, beganUs: number, endedUs: number): void => {
    const ms = (endedUs - beganUs) / 1000;
    if (ms < minMs) return;
    // Time per function anywhere on the stack (inclusive), so the caller that held the loop shows.
    const inclusive = new Map<string, number>();
    for (let i = from; i < to; i++) {
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const frame = frameOf(id);
        if (seen.has(frame) || frame.startsWith('(root)')) continue;
        seen.add(frame);
        inclusive.set(frame, (inclusive.get(frame) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
      }
    }
    const heaviest = [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([frame, us]) => `${(us / 1000).toFixed(0)} ms ${frame}`);
    console.log(`  ${ms.toFixed(0)} ms busy at ${(beganUs / 1e6).toFixed(1)} s: ${heaviest.join(' | ')}`);
  };
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (!idle(id) && start < 0) {
      start = i;
      startAt = at;
    } else if (idle(id) && start >= 0) {
      report(start, i, startAt, at);
      start = -1;
    }
  });
  if (start >= 0) report(start, profile.samples.length, startAt, at);
}

function summarise(file: string, top: number, stallMs: number | null): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  if (stallMs !== null) {
    console.log(`${file}: busy stretches of ${stallMs} ms or more`);
    stalls(profile, stallMs);
    return;
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const bucket = bucketOf(node.callFrame.url, node.callFrame.functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const name = frameName(node.callFrame);
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const pct = (us: number): string => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const idle = buckets.get('(idle)') ?? 0;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${pct(total - idle)} busy`);
  console.log('self time by package or folder:');
  for (const [bucket, us] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us)}  ${bucket}`);
  }
  console.log('heaviest functions (self time):');
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us)}  ${name}`);
  }
}

const args = process.argv.slice(2);
const flagValue = (flag: string): number | null => {
  const at = args.indexOf(flag);
  return at >= 0 ? Number(args[at + 1]) : null;
};
const top = flagValue('--top') ?? 25;
const stallMs = flagValue('--stalls');
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (files.length === 0 || !Number.isInteger(top) || top <= 0 || (stallMs !== null && !(stallMs > 0))) {
  console.error('usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [--top N] [--stalls MS]');
  process.exit(2);
}
for (const file of files) summarise(file, top, stallMs);
