/**
 * Summarises a sampling heap profile (bench/alloc-sampler.cjs, or DevTools' "Allocation sampling"):
 * the share of all bytes allocated by each function itself and by each function with its callees,
 * e.g. `npx tsx bench/alloc-summary.ts alloc-123.heapprofile [--top N]`.
 */
import { readFileSync } from 'node:fs';
import { frameName } from './profile-frames';

interface HeapNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly HeapNode[];
}

function summarise(file: string, top: number): void {
  const head = (JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode }).head;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, stack: readonly string[]): void => {
    const name = frameName(node.callFrame);
    const path = [...stack, name];
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const frame of new Set(path)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, path);
  };
  walk(head, []);
  const print = (title: string, sizes: Map<string, number>): void => {
    console.log(title);
    for (const [name, bytes] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  console.log(`${file}: ${(total / 1e6).toFixed(0)} MB allocated (sampled)`);
  print('allocated by the function itself:', self);
  print('allocated by the function and its callees:', inclusive);
}

const args = process.argv.slice(2);
const at = args.indexOf('--top');
const top = at >= 0 ? Number(args[at + 1]) : 25;
const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--top');
if (files.length === 0 || !Number.isInteger(top) || top <= 0) {
  console.error('usage: npx tsx bench/alloc-summary.ts FILE.heapprofile [--top N]');
  process.exit(2);
}
for (const file of files) summarise(file, top);
