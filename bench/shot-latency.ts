import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtDecode } from 'jwt-decode';
import { io, type Socket } from 'socket.io-client';
import { type Coord, coordOf, createRng, randomFleet, shuffle } from '../src/game';
import { ApiClient, GameClient, isErrorAck, type TokenPayload } from '../src/protocol';
import { freePort, spawnTs, stop, waitForHttp } from './child';
import { type Pinning, pinSelf } from './pin';
import { type Summary, summarize } from './stats';

interface Seat {
  readonly id: string;
  readonly client: GameClient;
}

async function account(url: string, name: string): Promise<{ id: string; token: string }> {
  const api = new ApiClient({ baseUrl: url });
  const email = `${name}@bench.test`;
  await api.signUp({ username: name, email, password: 'bench password' });
  const { access_token: token } = await api.login({ email, password: 'bench password' });
  return { id: jwtDecode<TokenPayload>(token).id, token };
}

const now = (): number => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Times `count` bare echoes on an already connected socket, each after `pauseMs` of quiet. */
async function echoes(socket: Socket, count: number, pauseMs: number, into: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    if (pauseMs > 0) await sleep(pauseMs);
    const t0 = now();
    await socket.timeout(10_000).emitWithAck('echo', { x: i % 10, y: 3 });
    into.push(now() - t0);
  }
}

/** Resolves once the seat's own state says it has to play. */
function myTurn(seat: Seat): Promise<void> {
  const ready = (): boolean => seat.client.state.members.some((m) => m.userId === seat.id && m.hasToPlay);
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = seat.client.subscribe(() => {
      if (!ready()) return;
      off();
      resolve();
    });
  });
}

/**
 * Plays one whole game (both sides shooting in a shuffled order) and times every shot's
 * acknowledgement; each shot leaves `pauseMs` after its turn signal.
 */
async function game(a: Seat, b: Seat, slug: string, seed: number, pauseMs: number, into: number[]): Promise<void> {
  const rng = createRng(seed);
  for (const s of [a, b]) {
    const placed = await s.client.placeShips(randomFleet(rng));
    if (isErrorAck(placed)) throw new Error(`placeShips: ${placed.error}`);
  }
  const playing = await new Promise<string>((resolve) => {
    const check = (): boolean => {
      const first = a.client.state.members.find((m) => m.hasToPlay);
      if (a.client.state.gameStatus === 'PLAY' && first) resolve(first.userId);
      return Boolean(first);
    };
    if (!check()) {
      const off = a.client.subscribe(() => {
        if (check()) off();
      });
    }
  });
  const order = new Map<Seat, Coord[]>([
    [
      a,
      shuffle(
        Array.from({ length: 100 }, (_, i) => coordOf(i)),
        rng,
      ),
    ],
    [
      b,
      shuffle(
        Array.from({ length: 100 }, (_, i) => coordOf(i)),
        rng,
      ),
    ],
  ]);
  let shooter = playing === a.id ? a : b;
  const hits = new Map<Seat, number>([
    [a, 0],
    [b, 0],
  ]);
  for (;;) {
    const target = order.get(shooter)?.pop();
    if (!target) throw new Error('ran out of cells');
    // A real client shoots once the server has told it that it is its turn, not before.
    await myTurn(shooter);
    if (pauseMs > 0) await sleep(pauseMs);
    const t0 = now();
    const reply = await shooter.client.shoot(target);
    into.push(now() - t0);
    if (isErrorAck(reply)) throw new Error(`shoot: ${reply.error}`);
    if (reply !== 'M') hits.set(shooter, (hits.get(shooter) ?? 0) + 1);
    if (hits.get(shooter) === 17) break;
    shooter = shooter === a ? b : a;
  }
  const again = await a.client.replay(slug);
  if (isErrorAck(again)) throw new Error(`replay: ${again.error}`);
}

export interface LatencyReport {
  /** Where the client and the servers ran, or null when the kernel placed them. */
  readonly pinning: Pinning | null;
  /** The quiet time before every shot and every echo (0: back to back). */
  readonly pauseMs: number;
  readonly shots: Summary;
  readonly echo: Summary;
  readonly ratio: { readonly p50: number; readonly p99: number };
}

/**
 * Shot acknowledgement round-trip against the real server (SQLite, persistence, views) next to a
 * bare socket.io emitWithAck echo, both servers in their own processes on loopback, measured in
 * alternating blocks so that machine noise hits both the same way. With `pauseMs`, every shot and
 * every echo leaves after that much quiet, as a player's click does on an idle server: the
 * processes have gone to sleep and wake on cold caches, which costs the longer shot path more.
 */
export async function measureShotLatency(
  minShots: number,
  pinning: Pinning | null,
  pauseMs = 0,
): Promise<LatencyReport> {
  if (pinning) pinSelf(pinning.client);
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-'));
  const [gamePort, echoPort] = [await freePort(), await freePort()];
  const server = spawnTs(
    'server/main.ts',
    {
      PORT: String(gamePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: join(dataDir, 'none'),
    },
    pinning?.servers,
  );
  const echoServer = spawnTs('bench/echo-server.ts', { PORT: String(echoPort) }, pinning?.servers);
  const url = `http://127.0.0.1:${gamePort}`;
  try {
    await Promise.all([waitForHttp(`${url}/health`), waitForHttp(`http://127.0.0.1:${echoPort}/`)]);
    const [sa, sb] = await Promise.all([account(url, 'bench_a'), account(url, 'bench_b')]);
    const api = new ApiClient({ baseUrl: url, token: sa.token });
    const { slug } = await api.createRoom({ userId: sa.id, username: 'bench_a', socketId: null });
    const socketOptions = { transports: ['websocket'] };
    const a: Seat = { id: sa.id, client: new GameClient({ url, token: sa.token, slug, socket: socketOptions }) };
    const b: Seat = { id: sb.id, client: new GameClient({ url, token: sb.token, slug, socket: socketOptions }) };
    await Promise.all([a.client.connect(), b.client.connect()]);
    await a.client.joinRoom(slug);
    await b.client.joinRoom(slug);
    await a.client.startGame(slug);
    const echo = io(`http://127.0.0.1:${echoPort}/room`, { transports: ['websocket'] });
    await new Promise<void>((resolve) => echo.once('connect', () => resolve()));

    // Warm-up: JIT, SQLite page cache, socket buffers.
    await echoes(echo, 300, 0, []);
    await game(a, b, slug, 0, 0, []);

    const shotTimes: number[] = [];
    const echoTimes: number[] = [];
    for (let round = 1; shotTimes.length < minShots; round++) {
      const before = shotTimes.length;
      await game(a, b, slug, round, pauseMs, shotTimes);
      await echoes(echo, shotTimes.length - before, pauseMs, echoTimes);
    }
    echo.close();
    a.client.close();
    b.client.close();
    const shots = summarize(shotTimes);
    const bare = summarize(echoTimes);
    return { pinning, pauseMs, shots, echo: bare, ratio: { p50: shots.p50 / bare.p50, p99: shots.p99 / bare.p99 } };
  } finally {
    await Promise.all([stop(server), stop(echoServer)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
