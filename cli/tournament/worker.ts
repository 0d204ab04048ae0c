import { parentPort, workerData } from 'node:worker_threads';
import type { GameRecord } from '../engine/referee';
import { killAllEngines, stopAllEngines } from '../engine/reaper';
import { playTask, SeatPool } from './play';
import type { GameTask, TournamentConfig } from './schedule';

export type ToWorker =
  | { readonly type: 'game'; readonly task: GameTask }
  | { readonly type: 'abort' }
  | { readonly type: 'close' };
export type FromWorker =
  | { readonly type: 'result'; readonly index: number; readonly record: GameRecord }
  | { readonly type: 'error'; readonly index: number; readonly error: string }
  | { readonly type: 'closed' };

const { config, logDir } = workerData as { config: TournamentConfig; logDir: string };
const pool = new SeatPool({ timeouts: config.timeouts, logDir, trace: Boolean(config.trace) });
const post = (message: FromWorker): void => parentPort?.postMessage(message);

parentPort?.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    // The games under way end at once (their engines crash); the tournament drops their results.
    stopAllEngines();
    return;
  }
  if (message.type === 'close') {
    void pool.close().then(() => {
      killAllEngines();
      post({ type: 'closed' });
      parentPort?.close();
    });
    return;
  }
  const { task } = message;
  playTask(config, task, pool).then(
    (record) => post({ type: 'result', index: task.index, record }),
    (error: unknown) =>
      post({ type: 'error', index: task.index, error: error instanceof Error ? error.message : String(error) }),
  );
});
