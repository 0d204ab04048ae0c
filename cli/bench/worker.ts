import { parentPort, workerData } from 'node:worker_threads';
import { type BookSnapshot, LatencyBook } from '../../src/bots/latency';
import { type BenchConfig, type BenchSlice, playSlice } from './run';

export type BenchWorkerMessage =
  | { readonly type: 'progress'; readonly played: number }
  | {
      readonly type: 'done';
      /** [game index, shots, moves, turns]. */
      readonly games: readonly (readonly [number, number, number, number])[];
      readonly latency: BookSnapshot;
    };

const { config, slice } = workerData as { config: BenchConfig; slice: BenchSlice };
const shots = new Int32Array(config.games).fill(-1);
const moves = new Int32Array(config.games);
const turns = new Int32Array(config.games);
const book = new LatencyBook();
const post = (message: BenchWorkerMessage): void => parentPort?.postMessage(message);
playSlice(config, slice, shots, moves, turns, book, (played) => post({ type: 'progress', played }));
const games: [number, number, number, number][] = [];
shots.forEach((n, i) => {
  if (n >= 0) games.push([i, n, moves[i] ?? 0, turns[i] ?? 0]);
});
post({ type: 'done', games, latency: book.snapshot() });
