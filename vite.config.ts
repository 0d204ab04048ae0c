import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { textPart, textPartOf } from './src/app/i18n/text-parts.ts';

/**
 * `locales/{lng}/translation.json?part=first|later`: one part of a language's texts
 * (src/app/i18n/text-parts.ts) as a module whose default export is that part.
 */
function translationParts(): Plugin {
  return {
    name: 'broadside:translation-parts',
    enforce: 'pre',
    load(id) {
      const part = textPartOf(id);
      if (!part) return null;
      const file = id.split('?')[0] ?? id;
      this.addWatchFile(file);
      const texts = textPart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, part);
      // A JSON string parsed at run time, as Vite does for large JSON: quicker than an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

const serverPort = Number(process.env.PORT ?? 3000);
const serverTarget = `http://127.0.0.1:${serverPort}`;
/**
 * API prefixes that are also pages of the app (/friends, /messages and a conversation, /admin): a
 * browser's navigation (it asks for HTML first) gets the app, fetch() the server — as the server
 * itself serves them beside a built client (server/http/web-client.ts).
 */
const sharedWithPages = {
  target: serverTarget,
  bypass: (request: { headers: { accept?: string } }) =>
    request.headers.accept?.includes('text/html') ? '/index.html' : undefined,
};

const integration = {
  include: ['tests/integration/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 30_000,
  globalSetup: ['tests/support/global-setup.ts'],
};

/**
 * The same integration suite on PostgreSQL, when TEST_DATABASE_URL names a server (each test
 * server then gets a database of its own). The SQLite-only test of the synchronous shot write
 * stays with the SQLite project. Without the variable the project is left out, and the SQLite
 * project's global teardown says so (tests/support/services.ts).
 */
const integrationPg: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          ...integration,
          name: 'integration-pg',
          // Engine processes use no database: once, in the SQLite project, is enough.
          exclude: ['tests/integration/store-sync.test.ts', 'tests/integration/engines/**'],
          env: { BROADSIDE_TEST_ENGINE: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  plugins: [react(), translationParts()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/users': serverTarget,
      '/room': serverTarget,
      '/health': serverTarget,
      '/capabilities': serverTarget,
      '/games': serverTarget,
      '/ratings': serverTarget,
      '/friends': sharedWithPages,
      '/messages': sharedWithPages,
      '/admin': sharedWithPages,
      '/socket.io': { target: serverTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      // The app, and the replay viewer of games the bot harness refereed (`broadside view`).
      input: { main: 'index.html', view: 'view.html' },
      // src/game's modules only define things (its WeakMaps and tables are made at load, observed by
      // nobody): importing one value from the barrel must not evaluate the whole engine.
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/game\//.test(id) },
      output: {
        // What Home needs of src/game at first paint (the rules, the fleets, the clock's lengths) in
        // a chunk of its own, so the first load does not fetch the engine (first-load-size.spec.ts).
        manualChunks: (id: string) =>
          /\/src\/game\/(rules|result|turn-clock|fleet)\.ts$/.test(id) ? 'rules' : undefined,
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Some unit tests run thousands of sampled games; Vitest's 5 s default failed them in CI while
        // the integration suites (SQLite and PostgreSQL) ran beside them on two shared cores.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          // A page typed into with user-event takes 4-5 s under jsdom on the shared 2-core machine
          // at a load of 20+; 5 s (the default) failed tests that had nothing wrong.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: { ...integration, name: 'integration' },
      },
      ...integrationPg,
      {
        extends: true,
        // The original client and server (docs/protocol.md, "Interoperability"): installed once into a
        // cache outside the repository, then our CLI against the original server. Skips itself with
        // the reason where ../shared/interop/, PostgreSQL or redis-server is missing.
        test: {
          name: 'interop',
          include: ['tests/interop/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // `artillery run` of packages/artillery-engine-broadside against our server: Artillery is
        // installed once from tests/support/artillery/ into a cache outside the repository (minutes).
        test: {
          name: 'artillery',
          include: ['tests/artillery/**/*.test.ts'],
          environment: 'node',
          testTimeout: 150_000,
          hookTimeout: 900_000,
        },
      },
      {
        extends: true,
        // Real PostgreSQL, Redis, nginx and node processes (tests/support/cluster.ts).
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 400_000,
        },
      },
    ],
  },
});
