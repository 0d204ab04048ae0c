/**
 * `npm run bench:bots`: does the Hard computer player keep the server responsive? Starts our
 * server (compiled, as `npm start` runs it) and plays `--games` games at once against the Hard
 * level, each against a `hunt` bot driven from this process through the real protocol (POST
 * /room/computer, then a GameClient). Runs twice on a fresh server each time: computer thinking
 * time 0 (BOT_DELAY_MS_MIN/MAX 0: every Hard shot asked for as soon as it may be, the worst case)
 * and the default 0.5–1.5 s (how people meet it). Prints, side by side, the server's event-loop
 * delay while the games ran (GET /metrics, perf_hooks.monitorEventLoopDelay sampled every 10 ms,
 * one sample per second) and the Hard level's decision time per shot (also from /metrics: the time
 * the sampler took in its worker thread, and from asking to having the shot on the main thread).
 *
 *   npm run bench:bots -- [--games 50] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Account, register, takeSeat } from '../../cli/session';
import { watchServer } from '../../cli/load/server-metrics';
import { type Bot, gameSeed, placerNamed, playGame, shooterNamed } from '../../src/bots';
import { createRng } from '../../src/game';
import { MetricsSchema, METRICS_JSON } from '../../src/protocol';
import { freePort, stop, waitForHttp } from '../child';
import { limit } from '../limit';
import { benchServerEnv, buildServer, serverEntry } from '../server-entry';
import { summarize } from '../stats';

const args = process.argv.slice(2);
const gamesIndex = args.indexOf('--games');
const games = gamesIndex >= 0 ? Number(args[gamesIndex + 1]) : 50;
if (!Number.isInteger(games) || games < 1) {
  console.error('--games takes a whole number ≥ 1');
  process.exit(2);
}
const json = args.includes('--json');

interface Mode {
  readonly name: string;
  /** Extra server environment: the computer's thinking time. */
  readonly env: Record<string, string>;
}

const MODES: readonly Mode[] = [
  { name: 'delay 0', env: { BOT_DELAY_MS_MIN: '0', BOT_DELAY_MS_MAX: '0' } },
  { name: 'default delay', env: {} },
];

const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

export interface BotBenchResult {
  readonly mode: string;
  readonly games: number;
  readonly finished: number;
  readonly hardWon: number;
  readonly errors: readonly string[];
  readonly seconds: number;
  readonly hardShotsPerGame: number;
  /**
   * Over the seconds the games ran (one /metrics sample per second): the median second's p50 and
   * p99, the worst second's p99, the largest delay; `samples` second by second.
   */
  readonly eventLoopDelayMs: {
    readonly p50: number;
    readonly p99: number;
    readonly worstP99: number;
    readonly max: number;
    readonly samples: readonly {
      readonly second: number;
      readonly p50: number;
      readonly p99: number;
      readonly max: number;
    }[];
  } | null;
  readonly decisionMs: {
    readonly count: number;
    readonly compute: { readonly p50: number; readonly p99: number };
    readonly roundTrip: { readonly p50: number; readonly p99: number };
  } | null;
}

/** One game against the Hard computer, from room creation to ENDED; the computer's shots fired. */
async function playHard(url: string, account: Account, i: number): Promise<{ hardWon: boolean; hardShots: number }> {
  const { slug } = await account.api.computerGame({ level: 'hard' });
  const client = await takeSeat(url, account, slug);
  try {
    const bot: Bot = {
      userId: account.userId,
      shooter: shooterNamed('hunt'),
      placer: placerNamed('random'),
      rng: createRng(gameSeed(1, i, 20)),
    };
    const outcome = await playGame(client, bot, { start: true, stepTimeoutMs: 120_000 });
    return { hardWon: !outcome.won, hardShots: outcome.opponentShots };
  } finally {
    client.close();
  }
}

async function measure(mode: Mode): Promise<BotBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-bots-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = serverEntry(
    benchServerEnv(port, dataDir, {
      SIGNUPS_PER_ADDRESS: '0',
      MAX_BOT_GAMES: String(Math.max(200, games)),
      ...mode.env,
    }),
  );
  try {
    await waitForHttp(`${url}/health`);
    // Accounts first: password hashing is not what this bench measures.
    const accounts: Account[] = [];
    await limit(
      Array.from({ length: games }, (_, i) => i),
      8,
      async (i) => {
        accounts[i] = await register(url, 'bench');
      },
    );
    const startedAt = Date.now();
    const watcher = watchServer(url, startedAt, 2000);
    const errors: string[] = [];
    const outcomes = await Promise.all(
      accounts.map((account, i) =>
        playHard(url, account, i).catch((error: unknown) => {
          errors.push(error instanceof Error ? error.message : String(error));
          return null;
        }),
      ),
    );
    const seconds = (Date.now() - startedAt) / 1000;
    const server = await watcher.stop();
    const metrics = MetricsSchema.parse(await (await fetch(`${url}/metrics`, { headers: METRICS_JSON })).json());
    const hard = metrics.computers?.decisions.hard;
    const done = outcomes.filter((o) => o !== null);
    const perSecond = (pick: (s: { p50: number; p99: number }) => number): number =>
      round(summarize(server?.samples.map(pick) ?? []).p50);
    return {
      mode: mode.name,
      games,
      finished: done.length,
      hardWon: done.filter((o) => o.hardWon).length,
      errors,
      seconds: round(seconds, 1),
      hardShotsPerGame: round(done.reduce((n, o) => n + o.hardShots, 0) / Math.max(1, done.length), 1),
      eventLoopDelayMs: server
        ? {
            p50: perSecond((s) => s.p50),
            p99: perSecond((s) => s.p99),
            worstP99: server.eventLoopDelayMs.p99,
            max: server.eventLoopDelayMs.max,
            samples: server.samples,
          }
        : null,
      decisionMs:
        hard?.compute && hard.roundTrip
          ? {
              count: hard.compute.count,
              compute: { p50: hard.compute.p50, p99: hard.compute.p99 },
              roundTrip: { p50: hard.roundTrip.p50, p99: hard.roundTrip.p99 },
            }
          : null,
    };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
const loadBefore = loadavg().map((n) => n.toFixed(2));
const results: BotBenchResult[] = [];
for (const mode of MODES) results.push(await measure(mode));
const loadAfter = loadavg().map((n) => n.toFixed(2));

if (json) {
  console.log(JSON.stringify({ games, results, loadAverage: { before: loadBefore, after: loadAfter } }));
} else {
  console.log(`bench:bots — ${games} games at once against the Hard computer (a hunt bot on the other seat)`);
  console.log(
    'mode             games  Hard won  seconds  Hard shots/game   loop delay p50   p99  worst p99    max    ' +
      'decision compute p50   p99    round trip p50   p99    shots',
  );
  const cell = (n: number | undefined, width: number, digits = 2): string =>
    (n === undefined ? '–' : n.toFixed(digits)).padStart(width);
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(15)} ${`${r.finished}/${r.games}`.padStart(6)} ${String(r.hardWon).padStart(9)} ` +
        `${r.seconds.toFixed(1).padStart(8)} ${r.hardShotsPerGame.toFixed(1).padStart(16)} ` +
        `${cell(r.eventLoopDelayMs?.p50, 16)} ${cell(r.eventLoopDelayMs?.p99, 6)} ` +
        `${cell(r.eventLoopDelayMs?.worstP99, 10, 1)} ${cell(r.eventLoopDelayMs?.max, 7, 1)} ` +
        `${cell(r.decisionMs?.compute.p50, 24, 3)} ${cell(r.decisionMs?.compute.p99, 6)} ` +
        `${cell(r.decisionMs?.roundTrip.p50, 17, 3)} ${cell(r.decisionMs?.roundTrip.p99, 6)} ` +
        `${String(r.decisionMs?.count ?? 0).padStart(7)}`,
    );
    for (const error of r.errors.slice(0, 3)) console.log(`  error: ${error}`);
  }
  console.log(
    'loop delay: ms between the ticks of a 10 ms timer (an idle server reads about 10), over the seconds the games ran: ' +
      "the median second's p50 and p99, the worst second's p99, the largest; " +
      'decision: ms per Hard shot (compute = in the worker thread; round trip = asking to having it, queueing included)',
  );
  console.log(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
}
