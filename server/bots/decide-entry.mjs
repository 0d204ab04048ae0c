// Entry of the server's worker pools' threads (piscina: the computer players' decisions, the analyses). A worker does not inherit the parent's
// loader hooks: when the server runs from TypeScript sources it registers tsx itself, then
// re-exports the task function of the module named in workerData.
import { workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
const task = await import(workerData.module);
export default task.default;
