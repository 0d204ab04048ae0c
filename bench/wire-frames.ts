/*
 * Frames and bytes per shot to each member and to a spectator, per dialect (docs/protocol.md,
 * "Frames per shot"): two bots play whole games on our server, once asking for broadside/2 and once
 * speaking the SPEC dialect, and, when the interop material is here, once on the original server
 * (which has no spectators). Every event each client receives during PLAY is counted, with its
 * JSON size, and divided by the shots fired.
 *
 *   npx tsx bench/wire-frames.ts            (TEST_DATABASE_URL set: the original server too)
 */
import { type Coord, createRng } from '../src/game';
import { oneAfterTheOther, placerNamed, playGame, shooterNamed } from '../src/bots';
import { GameClient } from '../src/protocol';
import { newPlayer } from '../tests/support/players';
import { startTestServer } from '../tests/support/server';
import { interopSkipReason, prepareOriginal, startOriginalServer } from '../tests/support/original';

interface Count {
  frames: number;
  bytes: number;
}
interface Tally {
  shots: number;
  shooter: Count;
  target: Count;
  /** Null where the server has no spectators (the original). */
  spectator: Count | null;
}

async function measure(url: string, speak: 'broadside/2' | 'spec', games: number, watch: boolean): Promise<Tally> {
  const tally: Tally = {
    shots: 0,
    shooter: { frames: 0, bytes: 0 },
    target: { frames: 0, bytes: 0 },
    spectator: watch ? { frames: 0, bytes: 0 } : null,
  };
  const [pa, pb] = [await newPlayer(url, 'wf_a'), await newPlayer(url, 'wf_b')];
  const { slug } = await pa.api.createRoom({ userId: pa.id, username: pa.username, socketId: null });
  const seat = async (token: string) => {
    const client = new GameClient({ url, token, slug, speak, socket: { transports: ['websocket'] } });
    await client.connect();
    await client.joinRoom();
    return client;
  };
  const a = await seat(pa.token);
  const b = await seat(pb.token);
  // A third user watches (issue 14): what every spectator receives per shot.
  let viewer: GameClient | null = null;
  if (watch) {
    const pc = await newPlayer(url, 'wf_c');
    viewer = new GameClient({ url, token: pc.token, slug, socket: { transports: ['websocket'] } });
    await viewer.connect();
    await viewer.watchRoom(slug);
    const seen = viewer;
    seen.socket.onAny((event: string, payload: unknown) => {
      if (a.state.gameStatus !== 'PLAY' || seen.frame?.status !== 'PLAY' || !tally.spectator) return;
      tally.spectator.frames += 1;
      tally.spectator.bytes += JSON.stringify([event, payload]).length;
    });
  }
  // Per shot: the frames the shooter and the other member receive from the shot's ack to the next shot.
  let shooter: GameClient | null = null;
  for (const client of [a, b]) {
    client.socket.onAny((event: string, payload: unknown) => {
      if (shooter === null || client.state.gameStatus !== 'PLAY') return;
      const side = client === shooter ? tally.shooter : tally.target;
      side.frames += 1;
      side.bytes += JSON.stringify([event, payload]).length;
    });
    const shoot = client.shoot.bind(client);
    // One implementation for shoot's overloads (one cell, or a salvo's cells): hence the cast.
    client.shoot = (async (target: Coord | readonly Coord[]) => {
      shooter = client;
      tally.shots += 1;
      const reply = await shoot(target);
      // The ack is a frame to the shooter too.
      tally.shooter.frames += 1;
      tally.shooter.bytes += JSON.stringify(reply).length;
      return reply;
    }) as GameClient['shoot'];
  }
  const bot = (userId: string, seed: number) => ({
    userId,
    shooter: shooterNamed('hunt'),
    placer: placerNamed('random'),
    rng: createRng(seed),
  });
  for (let game = 0; game < games; game++) {
    if (game > 0) await a.replay();
    const [first, second] = oneAfterTheOther();
    await Promise.all([
      playGame(a, bot(pa.id, game * 2), { start: true, stepTimeoutMs: 20_000, ...first }),
      playGame(b, bot(pb.id, game * 2 + 1), { start: true, stepTimeoutMs: 20_000, ...second }),
    ]);
  }
  a.close();
  b.close();
  viewer?.close();
  return tally;
}

function line(name: string, t: Tally): string {
  const per = (n: number) => (n / t.shots).toFixed(2);
  const bytes = (n: number) => (n / t.shots).toFixed(0);
  const watched = t.spectator ? `${per(t.spectator.frames)} | ${bytes(t.spectator.bytes)}` : '— | —';
  return `| ${name} | ${t.shots} | ${per(t.shooter.frames)} | ${bytes(t.shooter.bytes)} | ${per(t.target.frames)} | ${bytes(t.target.bytes)} | ${watched} |`;
}

const GAMES = Number(process.env.GAMES ?? 5);
const server = await startTestServer();
const rows: string[] = [];
try {
  rows.push(line('ours, broadside/2 client', await measure(server.url, 'broadside/2', GAMES, true)));
  rows.push(line('ours, SPEC client', await measure(server.url, 'spec', GAMES, true)));
} finally {
  await server.dispose();
}
if (interopSkipReason() === null) {
  const original = await startOriginalServer(prepareOriginal());
  try {
    rows.push(line('the original server', await measure(original.url, 'spec', GAMES, false)));
  } finally {
    await original.stop();
  }
}
console.log(
  '| server and client | shots | frames to shooter | bytes to shooter | frames to other | bytes to other | frames to a spectator | bytes to a spectator |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
