/**
 * `npm run cluster`: PostgreSQL, Redis, two Broadside nodes and nginx on loopback, for a developer
 * to try several nodes on one machine. Prints the URL; Ctrl-C stops everything and deletes the data.
 *
 *   npm run cluster [-- --nodes 3]
 *
 * The nodes serve the built client from ./dist when it exists (`npm run build` first to play in a
 * browser); the API and sockets work without it.
 */
import { startLocalCluster } from './cluster/local';
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
console.log('Ctrl-C stops everything.');

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const node of cluster.nodes) {
  node.process.once('exit', (code, signal) => {
    if (!stopping) console.log(`${node.nodeId} exited (${signal ?? code}); the other nodes keep serving.`);
  });
}
