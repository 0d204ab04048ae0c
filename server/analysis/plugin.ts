import fp from 'fastify-plugin';
import type { ServerContext } from '../context';
import { AnalysisJobs } from './jobs';
import { registerAnalysisRoutes } from './routes';
import { AnalysisStore } from './store';
import { AnalysisWorkers } from './workers';

/** Boards a hint draws when the fleets cannot be counted: half a review's, for an answer within a click. */
const HINT_SAMPLES = 10_000;
/** Hints computed at once on a node (one per account besides). */
const HINTS_AT_ONCE = 8;

/**
 * How good was each shot (docs/analysis.md): `GET /games/:id/analysis` (a finished game's analysis,
 * computed once in a worker pool of its own at the lowest priority, kept in the database, bounded
 * per account and in total), `GET /rooms/:slug/hint` in games against the computer, and
 * `GET /users/:id/insights`. An account's export carries its analysed games' figures.
 */
export const analysisPlugin = fp<ServerContext>(
  async (app, ctx) => {
    const { config } = ctx;
    const store = new AnalysisStore(ctx.store.db);
    const workers = new AnalysisWorkers(config.analysisWorkers);
    const jobs = new AnalysisJobs(
      workers,
      store,
      {
        queued: Math.max(1, config.analysesQueued),
        perAccount: Math.max(1, config.analysesPerAccount),
        threads: Math.max(1, config.analysisWorkers),
        samples: Math.max(100, config.analysisSamples),
      },
      app.log,
    );
    registerAnalysisRoutes(app, {
      identify: ctx.identify,
      history: ctx.store.history,
      store,
      jobs,
      workers,
      hintSamples: HINT_SAMPLES,
      hintsAtOnce: HINTS_AT_ONCE,
    });
    ctx.accountHooks.onExport('analyses', (userId) => store.figuresOf(userId));
    ctx.onStop(() => workers.close());
  },
  { name: 'analysis' },
);
