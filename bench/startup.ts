/**
 * Server start-up (and so restart) time: from spawning the process to the first answer of
 * GET /health, for the compiled server (`npm start`) and through the tsx loader (`npm run dev`),
 * alternating so that machine noise hits both alike.
 *
 *   npx tsx bench/startup.ts [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stop } from './child';
import { benchServerEnv, buildServer, serverEntry } from './server-entry';
import { summarize } from './stats';

const i = process.argv.indexOf('--runs');
const runs = i >= 0 ? Number(process.argv[i + 1]) : 5;

async function once(how: 'compiled' | 'tsx'): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-startup-'));
  const port = await freePort();
  const t0 = performance.now();
  const child = serverEntry(benchServerEnv(port, dataDir), undefined, how);
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
const times: Record<'compiled' | 'tsx', number[]> = { compiled: [], tsx: [] };
for (let run = 0; run < runs; run++) {
  for (const how of ['tsx', 'compiled'] as const) times[how].push(await once(how));
}
for (const how of ['tsx', 'compiled'] as const) {
  const s = summarize(times[how]);
  console.log(
    `${how.padEnd(9)} start to first /health: p50 ${s.p50.toFixed(0)} ms, max ${s.max.toFixed(0)} ms (${runs} runs)`,
  );
}
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
