import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./ts-worker.mjs', import.meta.url);

/** Starts a worker thread running the TypeScript module `module` (a file URL) with `data`. */
export function startWorker(module: URL, data: Record<string, unknown>): Worker {
  return new Worker(ENTRY, { workerData: { ...data, module: module.href } });
}
