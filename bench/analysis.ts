/**
 * `npm run bench:analysis`: do analyses slow live games? Starts our server (compiled, as `npm
 * start` runs it, default analysis settings: one analysis thread at nice 19), plays `--games`
 * finished games to analyse (two `hunt` bots each), then measures the shot latency of `--live`
 * games played at once at a steady pace (each shot `--pace` ms after the turn comes, its
 * acknowledgement timed from the emit) in three phases of the same server, side by side:
 *   1. alone (`--seconds` long);
 *   2. while the server analyses the finished games (all asked at once, ten accounts asking two
 *      each: ANALYSES_PER_ACCOUNT's default; the phase lasts until every analysis is stored);
 *   3. alone again.
 * Prints per phase the shots timed, their p50, p95, p99 and largest acknowledgement time, the
 * server's event-loop delay (GET /metrics) and, for phase 2, how long the analyses took.
 *
 *   npm run bench:analysis -- [--games 20] [--live 20] [--pace 300] [--seconds 40] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchServer } from '../cli/load/server-metrics';
import { type Account, register, takeSeat } from '../cli/session';
import { type Bot, gameSeed, placerNamed, playGame, shooterNamed } from '../src/bots';
import { cellIndex, coordOf, createRng, randomFleet, shuffle } from '../src/game';
import { type GameClient, isErrorAck } from '../src/protocol';
import { freePort, stop, waitForHttp } from './child';
import { limit } from './limit';
import { benchServerEnv, buildServer, serverEntry } from './server-entry';
import { loadAverages, type Summary, summarize } from './stats';

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a whole number ≥ 1`);
    process.exit(2);
  }
  return value;
}
const GAMES = option('games', 20);
const LIVE = option('live', 20);
const PACE_MS = option('pace', 300);
const SECONDS = option('seconds', 40);
const json = args.includes('--json');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** A whole game between two fresh accounts, each seat a `hunt` bot; resolves with its game id. */
async function finishedGame(url: string, i: number): Promise<{ gameId: number; players: Account[] }> {
  const [a, b] = [await register(url, 'bench'), await register(url, 'bench')];
  const { slug } = await a.api.createRoom({ userId: a.userId, username: a.username, socketId: null });
  const [ca, cb] = [await takeSeat(url, a, slug), await takeSeat(url, b, slug)];
  try {
    const bot = (account: Account, stream: number): Bot => ({
      userId: account.userId,
      shooter: shooterNamed('hunt'),
      placer: placerNamed('random'),
      rng: createRng(gameSeed(7, i, stream)),
    });
    await Promise.all([
      playGame(ca, bot(a, 0), { start: true, stepTimeoutMs: 60_000 }),
      playGame(cb, bot(b, 1), { start: false, stepTimeoutMs: 60_000 }),
    ]);
  } finally {
    ca.close();
    cb.close();
  }
  const history = await a.api.history('me');
  return { gameId: history.games[0]?.gameId ?? 0, players: [a, b] };
}

function myTurn(client: GameClient, userId: string): Promise<boolean> {
  const state = (): 'mine' | 'theirs' | 'over' => {
    const s = client.state;
    if (s.gameStatus === 'ENDED') return 'over';
    return s.gameStatus === 'PLAY' && s.members.some((m) => m.userId === userId && m.hasToPlay) ? 'mine' : 'theirs';
  };
  if (state() !== 'theirs') return Promise.resolve(state() === 'mine');
  return new Promise((resolve) => {
    const off = client.subscribe(() => {
      const now = state();
      if (now === 'theirs') return;
      off();
      resolve(now === 'mine');
    });
  });
}

/**
 * Live games, replayed one after another on each pair of seats until `until()` says stop: each
 * shot fired `PACE_MS` after the turn comes (in a shuffled order of cells), its acknowledgement
 * timed into the phase `bucket()` names at the moment of the emit.
 */
async function liveTable(url: string, k: number, until: () => boolean, bucket: () => number[]): Promise<void> {
  const [a, b] = [await register(url, 'live'), await register(url, 'live')];
  const { slug } = await a.api.createRoom({ userId: a.userId, username: a.username, socketId: null });
  const seats = [
    { account: a, client: await takeSeat(url, a, slug) },
    { account: b, client: await takeSeat(url, b, slug) },
  ];
  const rng = createRng(gameSeed(9, k, 0));
  try {
    for (let round = 0; !until(); round++) {
      const started = round === 0 ? await seats[0]?.client.startGame(slug) : await seats[0]?.client.replay(slug);
      if (started !== undefined && isErrorAck(started)) throw new Error(`start: ${started.error}`);
      for (const s of seats) {
        const placed = await s.client.placeShips(randomFleet(rng));
        if (isErrorAck(placed)) throw new Error(`placeShips: ${placed.error}`);
      }
      await Promise.all(
        seats.map(async ({ account, client }) => {
          const order = shuffle(
            Array.from({ length: 100 }, (_, c) => c),
            rng,
          );
          for (const c of order) {
            if (!(await myTurn(client, account.userId))) return;
            await sleep(PACE_MS);
            const into = bucket();
            const t0 = performance.now();
            const answer = await client.shoot(coordOf(c));
            if (isErrorAck(answer)) throw new Error(`shoot ${cellIndex(coordOf(c))}: ${answer.error}`);
            into.push(performance.now() - t0);
          }
        }),
      );
    }
  } finally {
    for (const s of seats) s.client.close();
  }
}

interface Phase {
  readonly name: string;
  readonly seconds: number;
  readonly shots: Summary;
  readonly loopDelayMs: { readonly p99: number; readonly max: number } | null;
  readonly analyses?: { readonly done: number; readonly seconds: number };
}

const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-analysis-'));
buildServer();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = serverEntry(
  benchServerEnv(port, dataDir, { SIGNUPS_PER_ADDRESS: '0', ANALYSES_QUEUED: String(Math.max(20, GAMES)) }),
);
const loadBefore = loadAverages();
const phases: Phase[] = [];
try {
  // A loaded machine may take a while to start the server.
  await waitForHttp(`${url}/health`, 120_000);
  console.error(`playing ${GAMES} games to analyse…`);
  const finished: { gameId: number; players: Account[] }[] = [];
  await limit(
    Array.from({ length: GAMES }, (_, i) => i),
    4,
    async (i) => {
      finished[i] = await finishedGame(url, i);
    },
  );
  const buckets: number[][] = [[], [], []];
  let phase = 0;
  let stopped = false;
  const tables = Array.from({ length: LIVE }, (_, k) =>
    liveTable(
      url,
      k,
      () => stopped,
      () => buckets[phase] ?? [],
    ),
  );
  const timed = async (index: number, name: string, body: () => Promise<Phase['analyses'] | undefined>) => {
    phase = index;
    const startedAt = Date.now();
    const watcher = watchServer(url, startedAt, 1000);
    const analyses = await body();
    const server = await watcher.stop();
    phases.push({
      name,
      seconds: round((Date.now() - startedAt) / 1000),
      shots: summarize(buckets[index] ?? []),
      loopDelayMs: server ? { p99: server.eventLoopDelayMs.p99, max: server.eventLoopDelayMs.max } : null,
      ...(analyses ? { analyses } : {}),
    });
  };
  // A few seconds for every table to be playing before anything is timed.
  await sleep(5000);
  buckets[0] = [];
  await timed(0, 'alone', async () => {
    await sleep(SECONDS * 1000);
    return undefined;
  });
  await timed(1, `${GAMES} analyses`, async () => {
    const t0 = Date.now();
    // Each game asked by one of its players: ten accounts' two each, as ANALYSES_PER_ACCOUNT allows.
    const askers = finished.map((g, i) => ({ gameId: g.gameId, account: g.players[i % 2] as Account }));
    const done = new Set<number>();
    while (done.size < askers.length) {
      for (const { gameId, account } of askers) {
        if (done.has(gameId)) continue;
        const answer = await account.api.gameAnalysis(gameId).catch(() => null);
        if (answer?.status === 'done') done.add(gameId);
      }
      if (done.size < askers.length) await sleep(1000);
    }
    return { done: done.size, seconds: round((Date.now() - t0) / 1000) };
  });
  await timed(2, 'alone again', async () => {
    await sleep(SECONDS * 1000);
    return undefined;
  });
  stopped = true;
  await Promise.allSettled(tables);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
const loadAfter = loadAverages();

if (json) console.log(JSON.stringify({ games: GAMES, live: LIVE, paceMs: PACE_MS, phases, loadBefore, loadAfter }));
else {
  console.log(
    `bench:analysis — ${LIVE} live games (a shot ${PACE_MS} ms after each turn) while ${GAMES} finished games are analysed`,
  );
  console.log('phase            seconds   shots   ack p50    p95    p99     max   loop p99   max   analyses');
  const n = (v: number | undefined, w: number): string => (v === undefined ? '–' : v.toFixed(1)).padStart(w);
  for (const p of phases)
    console.log(
      `${p.name.padEnd(15)} ${n(p.seconds, 8)} ${String(p.shots.count).padStart(7)} ${n(p.shots.p50, 9)} ` +
        `${n(p.shots.p95, 6)} ${n(p.shots.p99, 6)} ${n(p.shots.max, 7)} ${n(p.loopDelayMs?.p99, 9)} ` +
        `${n(p.loopDelayMs?.max, 6)}   ${p.analyses ? `${p.analyses.done} in ${p.analyses.seconds} s` : ''}`,
    );
  console.log(
    "ack: ms from emitting a shot to its acknowledgement; loop: the server's event-loop delay (ms, GET /metrics)",
  );
  console.log(`load average before ${loadBefore}, after ${loadAfter}`);
}
