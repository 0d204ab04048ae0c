// `npm run build:server`: bundles server/main.ts and our sources it imports (src/game, src/protocol…)
// into one ES module, dist-server/main.js by default (and main.decide.js, the computer players' worker task, and main.analysis.js, the analyses'), for `npm start` to run with plain node.
// Packages stay external (native better-sqlite3 and argon2 among them) and load from node_modules.
// Usage: node scripts/build-server.mjs [outfile]
import { basename, dirname } from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist-server/main.js';
await build({
  // The computer players' decision task runs in worker threads: it is its own module, next to main.js.
  entryPoints: [
    { in: 'server/main.ts', out: basename(outfile, '.js') },
    { in: 'server/bots/decide.ts', out: `${basename(outfile, '.js')}.decide` },
    // Analyses of finished games and hints run in a pool of their own (server/analysis/workers.ts).
    { in: 'server/analysis/task.ts', out: `${basename(outfile, '.js')}.analysis` },
  ],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  outdir: dirname(outfile),
  logLevel: 'warning',
});
