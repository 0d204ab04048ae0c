import type { Worker } from 'node:worker_threads';
import type { GameRecord } from '../engine/referee';
import { killAllEngines, stopAllEngines } from '../engine/reaper';
import { startWorker } from '../workers';
import { playTask, SeatPool } from './play';
import type { GameTask, TournamentConfig } from './schedule';
import type { FromWorker, ToWorker } from './worker';

/** Plays games, several at once; `close` ends every engine it started. */
export interface GameRunner {
  play(task: GameTask): Promise<GameRecord>;
  /** Stops the games under way at once (Ctrl-C): their engines are killed, their results are not kept. */
  abort(): void;
  close(): Promise<void>;
}

/** Games in this thread: right for engines (the work is in their processes) and small runs. */
export function inlineRunner(config: TournamentConfig, logDir: string): GameRunner {
  const pool = new SeatPool({ timeouts: config.timeouts, logDir, trace: Boolean(config.trace) });
  return {
    play: (task) => playTask(config, task, pool),
    abort: () => stopAllEngines(),
    close: () => pool.close(),
  };
}

/**
 * Games spread over worker threads, each with its own seats and engines: in-process strategies
 * that think for milliseconds use every core. A task goes to the thread with the fewest games in
 * flight. A thread that dies fails its games; the tournament reports the failure.
 */
export function threadRunner(config: TournamentConfig, logDir: string, threads: number): GameRunner {
  interface Lane {
    worker: Worker;
    inFlight: Map<number, { resolve: (r: GameRecord) => void; reject: (e: Error) => void }>;
    closed: Promise<void>;
    dead: Error | null;
  }
  const lanes: Lane[] = Array.from({ length: threads }, () => {
    const worker = startWorker(new URL('./worker.ts', import.meta.url), { config, logDir });
    const lane: Lane = { worker, inFlight: new Map(), closed: Promise.resolve(), dead: null };
    lane.closed = new Promise<void>((resolve) => {
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'closed') {
          resolve();
          return;
        }
        const waiting = lane.inFlight.get(message.index);
        lane.inFlight.delete(message.index);
        if (message.type === 'result') waiting?.resolve(message.record);
        else waiting?.reject(new Error(message.error));
      });
      const fail = (error: Error): void => {
        lane.dead = error;
        for (const w of lane.inFlight.values()) w.reject(error);
        lane.inFlight.clear();
        resolve();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`a tournament worker thread exited (code ${code})`)));
    });
    return lane;
  });
  const send = (lane: Lane, message: ToWorker): void => lane.worker.postMessage(message);
  return {
    play(task) {
      const live = lanes.filter((l) => !l.dead);
      const lane = live.sort((a, b) => a.inFlight.size - b.inFlight.size)[0];
      if (!lane) return Promise.reject(lanes[0]?.dead ?? new Error('no worker thread left'));
      return new Promise<GameRecord>((resolve, reject) => {
        lane.inFlight.set(task.index, { resolve, reject });
        send(lane, { type: 'game', task });
      });
    },
    abort() {
      for (const lane of lanes) if (!lane.dead) send(lane, { type: 'abort' });
    },
    async close() {
      for (const lane of lanes) if (!lane.dead) send(lane, { type: 'close' });
      const grace = new Promise<void>((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([Promise.all(lanes.map((l) => l.closed)), grace]);
      await Promise.all(lanes.map((l) => l.worker.terminate()));
      killAllEngines();
    },
  };
}
