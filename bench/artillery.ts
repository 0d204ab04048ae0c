/**
 * `npm run bench:artillery`: `broadside load` and the Artillery engine (packages/artillery-engine-broadside)
 * against our server and the original one, side by side on one machine: games/s, shoot p50/p99,
 * errors and memory per game in flight, alternating servers (and tools) round after round, each
 * run on a fresh server.
 *
 * - Both tools run the same closed model, `--concurrency` lanes playing `--games` games with
 *   rematches half the time, and both sign up and log in every lane's players FIRST
 *   (`broadside load --accounts-first`, the engine's `pairs`): games/s counts from then.
 * - Memory per game = (median over the middle half of the games phase − the reading taken when
 *   the tool said its accounts were ready) / games in flight, so argon2id's sign-ups are not in it.
 *   The Node process's RSS, and the whole service's: for the original also its redis-server's RSS
 *   and the private memory of its PostgreSQL database's backends (shared buffers are the cluster's).
 * - Every server process (the original's Node, redis-server and database backends too) is pinned
 *   to CPU 1, the tools to CPU 0. Our server runs compiled with the node flags of `npm start`.
 *
 *   npm run bench:artillery -- [--games 600] [--concurrency 40] [--rounds 2] [--server ours|original|both]
 *                              [--tools load,artillery] [--timeout-min 5] [--json]
 *
 * `--server original,ours` lists the servers in the order of the first round (`both` = ours,original);
 * every round after swaps it. `--timeout-min` bounds each run (a tool against one server).
 */
import { loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { buildEngine, prepareArtillery } from '../tests/support/artillery';
import { numberFlags } from './flags';
import { pinSelf, planPinning } from './pin';
import { buildServer } from './server-entry';
import { gameMemory, MemorySampler, type MemorySample } from './artillery/memory';
import { type ServerName, startService } from './artillery/service';
import { shippedStart } from './artillery/shipped-start';
import { type Row, resultsTable, summaryLines } from './artillery/table';
import { runArtilleryTool, runLoadTool, type ToolName, type Workload } from './artillery/tools';

const args = process.argv.slice(2);
const numberFlag = numberFlags(args);
const games = numberFlag('--games', 600, { whole: true });
const concurrency = numberFlag('--concurrency', 40, { whole: true });
const rounds = numberFlag('--rounds', 2, { whole: true });
const timeoutMin = numberFlag('--timeout-min', 5);
const json = args.includes('--json');
function listFlag<T extends string>(name: string, fallback: string, allowed: readonly T[]): T[] {
  const i = args.indexOf(name);
  const values = (i >= 0 ? (args[i + 1] ?? '') : fallback).split(',');
  const bad = values.filter((v) => !allowed.includes(v as T));
  if (bad.length) {
    console.error(`${name} takes ${allowed.join(', ')} (comma-separated); got ${bad.join(', ')}`);
    process.exit(2);
  }
  return values as T[];
}
const serverArg = listFlag('--server', 'ours', ['ours', 'original', 'both'] as const);
const servers: ServerName[] = serverArg.includes('both') ? ['ours', 'original'] : (serverArg as ServerName[]);
const tools = listFlag('--tools', 'load,artillery', ['load', 'artillery'] as const);
if (games % concurrency !== 0) {
  console.error('--games must be a multiple of --concurrency (Artillery runs the same number of games per lane)');
  process.exit(2);
}
const work: Workload = { games, concurrency, timeoutMs: timeoutMin * 60_000 };

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
buildServer();
if (tools.includes('artillery')) buildEngine();
const bin = tools.includes('artillery') ? prepareArtillery() : '';
const pins = planPinning();
if (pins) pinSelf(pins.client);

async function measure(round: number, server: ServerName, tool: ToolName): Promise<Row> {
  const loadBefore = loadavg()[0] ?? 0;
  const service = await startService(server, pins?.servers);
  const sampler = new MemorySampler(() => service.memory(), 500);
  let ready: Promise<MemorySample> | null = null;
  let cpuAtReady: Promise<number> | null = null;
  const onReady = (): void => {
    ready = sampler.take();
    cpuAtReady = service.cpuMs();
  };
  try {
    sampler.start();
    const result =
      tool === 'load'
        ? await runLoadTool(service.url, work, onReady)
        : await runArtilleryTool(bin, service.url, work, onReady);
    const samples = sampler.stop();
    const serverCpuMs = (await service.cpuMs()) - ((await cpuAtReady) ?? 0);
    const afterAccounts = ready ? await ready : null;
    return {
      ...result,
      round,
      server,
      tool,
      serverCpuMsPerGame: serverCpuMs / Math.max(result.games, 1),
      toolCpuMsPerGame: result.toolCpuMs / Math.max(result.games, 1),
      memory: afterAccounts ? gameMemory(samples, afterAccounts, result.endedAt, concurrency) : null,
      loadBefore,
      loadAfter: loadavg()[0] ?? 0,
    };
  } finally {
    sampler.stop();
    await service.stop();
  }
}

const rows: Row[] = [];
const log = (line: string): void => {
  if (!json) console.log(line);
};
log(
  `bench:artillery at ${commit}: ${servers.join(' vs ')}, ${tools.join(' and ')}; ${games} games, ${concurrency} in flight, rematch 0.5; ` +
    `ours runs \`${shippedStart(process.cwd()).script}\`${pins ? `; servers on CPU ${pins.servers}, tools on CPU ${pins.client}` : ''}`,
);
log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (let round = 1; round <= rounds; round++) {
  for (const tool of tools) {
    // Alternate which server goes first from round to round, so neither always meets the same moment.
    const order = round % 2 === 1 ? servers : [...servers].reverse();
    for (const server of order) {
      try {
        const row = await measure(round, server, tool);
        rows.push(row);
        log(resultsTable([row]).at(-1) ?? '');
      } catch (error) {
        console.error(`round ${round}, ${server}, ${tool}: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
}
if (json)
  console.log(
    JSON.stringify({ commit, games, concurrency, servers, tools, pinning: pins, rows, loadAverage: loadavg() }),
  );
else {
  console.log('');
  for (const line of resultsTable(rows)) console.log(line);
  console.log('');
  for (const line of summaryLines(rows)) console.log(line);
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}
