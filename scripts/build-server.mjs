// `npm run build:server`: bundles server/main.ts and our sources it imports (src/game, src/protocol…)
// into one ES module, dist-server/main.js by default, for `npm start` to run with plain node.
// Packages stay external (native better-sqlite3 and argon2 among them) and load from node_modules.
// Usage: node scripts/build-server.mjs [outfile]
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  outfile: process.argv[2] ?? 'dist-server/main.js',
  logLevel: 'warning',
});
