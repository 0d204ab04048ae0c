// `npm run build -w artillery-engine-broadside`: one CommonJS file, dist/index.cjs, with our
// sources (cli/load, src/bots, src/protocol) and their packages (socket.io-client, zod…) inside,
// because Artillery require()s an engine by name from wherever it is installed and runs it with
// plain node: no TypeScript loader, no access to this repository's node_modules.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'src/index.cjs')],
  outfile: join(here, 'dist/index.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // ws tries these optional native helpers and does without them.
  external: ['bufferutil', 'utf-8-validate'],
  sourcemap: true,
  logLevel: 'warning',
});
