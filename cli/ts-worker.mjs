// Entry of every worker thread: a worker does not inherit the parent's loader hooks, so it
// registers tsx itself before importing the TypeScript module named in workerData.module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
