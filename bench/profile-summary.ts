/**
 * Where a V8 CPU profile's time goes: `node --cpu-prof --cpu-prof-dir DIR dist-server/main.js`
 * during a load run, then `npx tsx bench/profile-summary.ts DIR/*.cpuprofile [--top N]`.
 * Prints self time by package (or our own source folder) and the heaviest functions.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A node's bucket: the npm package, our top-level folder, node's internals, or V8's own states. */
export function bucketOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(server|src|dist-server|cli)\/(.+)$/.exec(url);
  if (ours?.[1] && ours[2]) return `${ours[1]}/${ours[2].split('/')[0]}`;
  return url;
}

function summarise(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
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
    const { functionName, url, lineNumber } = node.callFrame;
    const bucket = bucketOf(url, functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const name = `${functionName || '(anonymous)'} ${bucket}:${lineNumber + 1}`;
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
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const files = args.filter((a, i) => a !== '--top' && i !== topAt + 1);
if (files.length === 0 || !Number.isInteger(top) || top <= 0) {
  console.error('usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [--top N]');
  process.exit(2);
}
for (const file of files) summarise(file, top);
