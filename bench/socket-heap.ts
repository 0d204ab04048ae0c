import { METRICS_JSON } from '../src/protocol';
/**
 * `npx tsx bench/socket-heap.ts`: what one connected player costs the server's heap, counted rather
 * than timed, so a busy machine does not change it. Per variant, the compiled server starts with
 * `--heapsnapshot-signal`; a snapshot is taken idle, then `broadside load` seats `--games` games
 * (accounts seeded beforehand, bench/seed-accounts.ts) whose players think `--pace` ms before their
 * first shot, so every socket is connected and every room in PLAY when the second snapshot is
 * taken (a snapshot collects garbage first: it holds live objects only). The difference, divided
 * by the WebSockets connected, is the heap per connection (half a room included; compiled code
 * left out), with its objects and closures: what every old-generation marking has to visit.
 *
 *   npx tsx bench/socket-heap.ts [--games 500] [--variants today,<commit>,…] [--top 0]
 *
 * `--top N` also prints, per variant, the N kinds of object (constructor, or type in parentheses)
 * that grew most per connected player: where the next saving is.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, stop, waitForHttp } from './child';
import { buildServerAt } from './commit-build';
import { numberFlags } from './flags';
import { type HeapCensus, heapCensus, snapshotFiles } from './heap-snapshot';
import { seedAccounts } from './seed-accounts';
import { loadAverages } from './stats';
import { benchServerEnv, buildServer, COMPILED_ENTRY } from './server-entry';

const args = process.argv.slice(2);
const flag = numberFlags(args);
const games = flag('--games', 500, { whole: true });
const pace = flag('--pace', 60_000);
const variantArg = args.indexOf('--variants');
const chosen = (variantArg >= 0 ? (args[variantArg + 1] ?? '') : 'today').split(',');
const top = flag('--top', 0, { whole: true });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `count` snapshot files are in `dir` and the last has stopped growing (writing one takes seconds). */
async function snapshots(dir: string, count: number): Promise<string[]> {
  let last = -1;
  for (let waited = 0; waited < 180_000; waited += 1000) {
    const files = snapshotFiles(dir);
    const newest = files[count - 1];
    const size = newest === undefined ? -1 : statSync(newest).size;
    if (size > 0 && size === last) return files;
    last = size;
    await sleep(1000);
  }
  throw new Error(`no complete heap snapshot in ${dir}`);
}

async function metrics(url: string): Promise<{ sockets: number; rooms: number }> {
  return (await (await fetch(`${url}/metrics`, { headers: METRICS_JSON })).json()) as {
    sockets: number;
    rooms: number;
  };
}

const dataBytes = (census: HeapCensus): number => census.bytes - (census.byName.get('(code)')?.bytes ?? 0);

interface Row {
  readonly variant: string;
  readonly sockets: number;
  readonly rooms: number;
  readonly bytesPerSocket: number;
  readonly objectsPerSocket: number;
  readonly closuresPerSocket: number;
  /** The kinds that grew most, bytes and objects per connected player (`--top`). */
  readonly grew: readonly { readonly name: string; readonly bytes: number; readonly count: number }[];
}

async function measure(variant: string, entry: string): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-socket-heap-'));
  const snapDir = join(dataDir, 'snapshots');
  mkdirSync(snapDir);
  const tokens = await seedAccounts(dataDir, 2 * games);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--heapsnapshot-signal=SIGUSR2', entry], {
    cwd: snapDir,
    env: { ...process.env, ...benchServerEnv(port, dataDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const load = spawn(
    process.execPath,
    [
      ...['cli/bin.mjs', 'load', '--server', url, '--tokens', tokens, '--games', String(10 * games)],
      ...['--concurrency', String(games), '--ramp', '5', '--pace', String(pace), '--rematch', '1'],
      ...['--duration', String(pace / 1000), '--workers', '1', '--json', '--quiet'],
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitForHttp(`${url}/health`);
    server.kill('SIGUSR2');
    await snapshots(snapDir, 1);
    let seen = await metrics(url);
    for (let waited = 0; seen.sockets < 2 * games && waited < 60_000; waited += 1000) {
      await sleep(1000);
      seen = await metrics(url);
    }
    // Every player placed its fleet and thinks: the rooms are in PLAY, nothing is in flight.
    await sleep(5000);
    seen = await metrics(url);
    server.kill('SIGUSR2');
    const [idle, busy] = (await snapshots(snapDir, 2)).map(heapCensus) as [HeapCensus, HeapCensus];
    // engine.io's WebSocket transport and the ws WebSocket under it share the name: two per connection.
    const sockets = ((busy.byName.get('WebSocket')?.count ?? 0) - (idle.byName.get('WebSocket')?.count ?? 0)) / 2;
    const per = (a: number, b: number): number => (b - a) / Math.max(1, sockets);
    return {
      variant,
      sockets,
      rooms: seen.rooms,
      // Compiled code grows as the server warms up, whoever is connected: left out.
      bytesPerSocket: per(dataBytes(idle), dataBytes(busy)),
      objectsPerSocket: per(idle.objects, busy.objects),
      closuresPerSocket: per(idle.closures, busy.closures),
      grew: [...busy.byName]
        .filter(([name]) => name !== '(code)')
        .map(([name, b]) => {
          const i = idle.byName.get(name);
          return { name, bytes: per(i?.bytes ?? 0, b.bytes), count: per(i?.count ?? 0, b.count) };
        })
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, top),
    };
  } finally {
    load.kill();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
console.log(`load average before ${loadAverages()}`);
const rows: Row[] = [];
for (const variant of chosen) {
  const entry = variant === 'today' ? resolve(COMPILED_ENTRY) : buildServerAt(variant);
  const row = await measure(variant, entry);
  rows.push(row);
  console.log(JSON.stringify(row));
}
console.log(`heap per connected player — ${games} games in PLAY, players thinking ${pace} ms`);
console.log('variant      sockets  rooms  KB/socket  objects/socket  closures/socket');
for (const r of rows) {
  console.log(
    `${r.variant.padEnd(11)} ${String(r.sockets).padStart(8)} ${String(r.rooms).padStart(6)} ${(r.bytesPerSocket / 1024).toFixed(2).padStart(10)} ` +
      `${r.objectsPerSocket.toFixed(1).padStart(15)} ${r.closuresPerSocket.toFixed(1).padStart(16)}`,
  );
  for (const g of r.grew)
    console.log(
      `  ${g.name.slice(0, 40).padEnd(40)} ${g.bytes.toFixed(0).padStart(7)} B ${g.count.toFixed(1).padStart(7)} objects`,
    );
}
console.log(`load average after ${loadAverages()}`);
