import { parentPort, workerData } from 'node:worker_threads';
import type { BookSnapshot } from '../../src/bots/latency';
import { AuthScenario } from './auth';
import { errorCode, errorMessage, type LoadConfig } from './config';
import { type DriveHooks, drive, plan, type Share } from './drive';
import { GameScenario } from './game';
import { Timeline, type WindowSnapshot } from './timeline';
import { tokenAccounts } from './tokens';

/** When a phase of the run (the games, or the sign-ups then the logins) started and ended, epoch ms. */
export interface PhaseSpan {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

export type LoadWorkerMessage =
  | {
      readonly type: 'progress';
      readonly done: number;
      readonly failed: number;
      readonly inFlight: number;
      readonly latency: BookSnapshot;
    }
  | {
      /** `--accounts-first`: this worker's lanes have their players signed up and logged in. */
      readonly type: 'accounts';
      readonly pairs: number;
      readonly at: number;
    }
  | {
      readonly type: 'done';
      readonly done: number;
      readonly failed: number;
      readonly errors: Record<string, number>;
      readonly examples: Record<string, string[]>;
      readonly latency: BookSnapshot;
      readonly windows: Record<number, WindowSnapshot>;
      readonly phases: readonly PhaseSpan[];
    };

const { config, share, startedAt } = workerData as { config: LoadConfig; share: Share; startedAt: number };
const timeline = new Timeline(startedAt);
const post = (message: LoadWorkerMessage): void => parentPort?.postMessage(message);
let inFlight = (): number => 0;
// Live figures for the progress bar: counts and the histograms so far, once a second.
const ticker = setInterval(
  () =>
    post({
      type: 'progress',
      done: timeline.done,
      failed: timeline.failed,
      inFlight: inFlight(),
      latency: timeline.total.snapshot(),
    }),
  1000,
);
const finished: DriveHooks['finished'] = (ok, error) =>
  ok ? timeline.finished(true) : timeline.finished(false, errorCode(error), errorMessage(error));
const phases: PhaseSpan[] = [];
async function phase(name: string, from: number, run: (index: number) => Promise<void>): Promise<void> {
  await drive(config.model, share, from, { run, finished });
  phases.push({ name, from, to: Date.now() });
}

if (config.scenario === 'game') {
  const existing = config.tokens ? tokenAccounts(config.server, config.tokens, share) : null;
  const games = new GameScenario(config, timeline, existing);
  inFlight = () => games.inFlight;
  try {
    let from = startedAt;
    if (config.accountsFirst && config.model.kind === 'closed') {
      const pairs = plan(config.model, share).lanes.length;
      await games.prepare(pairs);
      from = Date.now();
      phases.push({ name: 'accounts', from: startedAt, to: from });
      post({ type: 'accounts', pairs, at: from });
    }
    await phase('games', from, (i) => games.run(i));
  } finally {
    games.close();
  }
} else {
  const auth = new AuthScenario(config, timeline);
  await phase('signUp', startedAt, (i) => auth.signUp(i));
  await phase('login', Date.now(), (i) => auth.login(i));
}
clearInterval(ticker);
post({
  type: 'done',
  done: timeline.done,
  failed: timeline.failed,
  errors: timeline.errors,
  examples: timeline.examples,
  latency: timeline.total.snapshot(),
  windows: timeline.snapshot(),
  phases,
});
