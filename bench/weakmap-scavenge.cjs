/*
 * What a WeakMap keyed by short-lived objects costs V8's scavenges (docs/benchmarks.md, "WeakMaps
 * and scavenges"): `node bench/weakmap-scavenge.cjs` runs the same loop twice, in child processes
 * with --trace-gc-nvp, 4 s each: every iteration makes a small key and a 200-byte text that both
 * die at once; the second run also puts the pair in a WeakMap made before the loop. It prints the
 * scavenges, their mean pause and what each left alive (new space survivors and promoted bytes).
 */
const { spawnSync } = require('node:child_process');

if (process.argv[2] === 'child') {
  const withWeakMap = process.argv[3] === 'weakmap';
  const texts = new WeakMap();
  let sink = 0;
  let n = 0;
  const started = Date.now();
  while (Date.now() - started < 4000) {
    for (let i = 0; i < 1000; i++) {
      const key = [n++, 'row'];
      const text = JSON.stringify(key) + 'y'.repeat(200 + (i % 7));
      if (withWeakMap) texts.set(key, text);
      sink += text.length;
    }
  }
  if (sink < 0) console.error(sink);
  process.exit(0);
}

for (const mode of ['plain', 'weakmap']) {
  const run = spawnSync(process.execPath, ['--trace-gc-nvp', __filename, 'child', mode], { encoding: 'utf8' });
  const scavenges = run.stdout
    .split('\n')
    .filter((line) => line.includes('gc=s '))
    .map((line) => Object.fromEntries([...line.matchAll(/(\S+)=([\d.]+)/g)].map((m) => [m[1], Number(m[2])])))
    .slice(3);
  const mean = (key) => scavenges.reduce((sum, s) => sum + (s[key] ?? 0), 0) / Math.max(1, scavenges.length);
  console.log(
    `${mode.padEnd(8)} ${String(scavenges.length).padStart(5)} scavenges, ${mean('pause').toFixed(2).padStart(6)} ms each, ` +
      `${(mean('new_space_survived') / 1024).toFixed(0).padStart(6)} KB survived, ${(mean('promoted') / 1024).toFixed(0).padStart(5)} KB promoted`,
  );
}
