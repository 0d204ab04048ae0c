import { parentPort, workerData } from 'node:worker_threads';
import { LatencyBook } from '../latency';
import { type LoadConfig, type LoadSlice, runLanes } from './lanes';

export type LoadWorkerMessage =
  | {
      readonly type: 'progress';
      readonly completed: number;
      readonly failed: number;
      readonly latency: Record<string, string>;
    }
  | {
      readonly type: 'done';
      readonly completed: number;
      readonly failed: number;
      readonly errors: Record<string, number>;
      readonly latency: Record<string, string>;
    };

const { config, slice } = workerData as { config: LoadConfig; slice: LoadSlice };
const book = new LatencyBook();
const errors: Record<string, number> = {};
let completed = 0;
let failed = 0;
const post = (message: LoadWorkerMessage): void => parentPort?.postMessage(message);
// Live figures for the progress bar: counts and the histograms so far, once a second.
const ticker = setInterval(() => post({ type: 'progress', completed, failed, latency: book.snapshot() }), 1000);
await runLanes(config, slice, {
  book,
  gameDone(ok, code) {
    if (ok) completed++;
    else {
      failed++;
      const key = code ?? 'INTERNAL';
      errors[key] = (errors[key] ?? 0) + 1;
    }
  },
});
clearInterval(ticker);
post({ type: 'done', completed, failed, errors, latency: book.snapshot() });
