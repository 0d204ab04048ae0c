/**
 * `npm run cluster`: PostgreSQL, Redis, two Broadside nodes and nginx on loopback, for a developer
 * to try several nodes on one machine. Prints the URL; Ctrl-C stops everything and deletes the data.
 * `restart` (typed, then Enter) or SIGHUP restarts every node one after the other, as a rolling
 * deploy does (docs/deploy.md, "Rolling restarts"); `restart node-2` restarts one.
 *
 *   npm run cluster [-- --nodes 3] [-- --rolling-restart]
 *
 * The nodes serve the built client from ./dist when it exists (`npm run build` first to play in a
 * browser); the API and sockets work without it.
 */
import { createInterface } from 'node:readline';
import { type NodeRestart, startLocalCluster } from './cluster/local';
import { missingBinaries } from './cluster/services';

const flag = process.argv.indexOf('--nodes');
const nodes = flag >= 0 ? Number(process.argv[flag + 1]) : 2;
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 8) {
  console.error('--nodes takes a whole number from 1 to 8');
  process.exit(2);
}
const missing = missingBinaries();
if (missing) {
  console.error(`Cannot start a cluster: ${missing}`);
  process.exit(1);
}

console.log(`Starting PostgreSQL, Redis, ${nodes} node(s) and nginx…`);
const cluster = await startLocalCluster({
  nodes,
  log: (service, line) => {
    if (service.startsWith('node-')) console.log(`[${service}] ${line}`);
  },
});
console.log('');
console.log(`  Broadside:  ${cluster.url}`);
for (const node of cluster.nodes) console.log(`  ${node.nodeId}:     ${node.url}  (pid ${node.process.pid})`);
console.log(`  PostgreSQL: ${cluster.databaseUrl}`);
console.log(`  Redis:      ${cluster.redis.url}`);
console.log('');
console.log(
  'Type `restart` (or send SIGHUP) for a rolling restart, `restart node-2` for one node; Ctrl-C stops everything.',
);

const summary = (step: NodeRestart): string =>
  `${step.nodeId}: drained and exited in ${(step.drainMs / 1000).toFixed(1)} s (${step.signal ?? `code ${step.exitCode}`}), ready again in ${(step.readyMs / 1000).toFixed(1)} s`;
let restarting: Promise<void> | null = null;
/** One restart at a time: the nodes take turns, so that the others always play the rooms. */
function restart(which: string | null): void {
  if (restarting) {
    console.log('A restart is under way.');
    return;
  }
  const index = which === null ? -1 : cluster.nodes.findIndex((n) => n.nodeId === which);
  if (which !== null && index < 0) {
    console.log(`No node ${which} (${cluster.nodes.map((n) => n.nodeId).join(', ')}).`);
    return;
  }
  console.log(which === null ? 'Rolling restart…' : `Restarting ${which}…`);
  const run =
    which === null
      ? cluster.rollingRestart((step) => console.log(`  ${summary(step)}`)).then(() => undefined)
      : cluster.restartNode(index).then((step) => console.log(`  ${summary(step)}`));
  restarting = run
    .then(() => {
      for (const node of cluster.nodes) console.log(`  ${node.nodeId}:     ${node.url}  (pid ${node.process.pid})`);
    })
    .catch((error: unknown) => console.error(`The restart failed: ${(error as Error).message}`))
    .finally(() => {
      restarting = null;
    });
}
process.on('SIGHUP', () => restart(null));
createInterface({ input: process.stdin }).on('line', (line) => {
  const [word, node] = line.trim().split(/\s+/);
  if (word === 'restart') restart(node ?? null);
  else if (word) console.log('Commands: restart, restart <node>; Ctrl-C stops everything.');
});
if (process.argv.includes('--rolling-restart')) restart(null);

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await restarting;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const node of cluster.nodes) {
  node.process.once('exit', (code, signal) => {
    if (!stopping && !restarting)
      console.log(`${node.nodeId} exited (${signal ?? code}); the other nodes keep serving.`);
  });
}
