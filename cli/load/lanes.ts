import { createRng } from '../../src/game';
import { type Bot, BotError, gameSeed, placerNamed, playGame, shooterNamed } from '../../src/bots';
import { ApiError } from '../../src/protocol';
import { CliError } from '../errors';
import type { LatencyBook } from '../latency';
import { type Account, createRoom, login, register, takeSeat } from '../session';

export interface LoadConfig {
  readonly server: string;
  readonly games: number;
  readonly concurrency: number;
  readonly rampSeconds: number;
  readonly workers: number;
  readonly strategy: string;
  readonly placement: string;
  readonly seed: number;
  readonly stepTimeoutMs: number;
}

/** The share of a load run one thread plays: lanes `firstLane…firstLane+lanes-1`, `games` games. */
export interface LoadSlice {
  readonly firstLane: number;
  readonly lanes: number;
  readonly games: number;
  /** Index of this slice's first game, so seeds differ across workers. */
  readonly firstGame: number;
}

export interface LaneHooks {
  readonly book: LatencyBook;
  gameDone(ok: boolean, code?: string): void;
}

/** A short stable code for a failed game, for the "errors by code" table. */
export function errorCode(error: unknown): string {
  if (error instanceof BotError) return error.code;
  if (error instanceof ApiError) return error.status === 0 ? 'UNREACHABLE' : `HTTP_${error.status}`;
  if (error instanceof CliError) return error.message.startsWith('cannot connect') ? 'CONNECT' : 'JOIN';
  return 'INTERNAL';
}

async function timedHttp<T>(book: LatencyBook, name: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await call();
  book.record(name, performance.now() - started);
  return value;
}

/**
 * One game of a load run, as two real users would play it: log in (signing up on the lane's first
 * game), create a room, both connect and join, play to the end.
 */
async function oneGame(
  config: LoadConfig,
  book: LatencyBook,
  pair: Account[] | null,
  gameIndex: number,
): Promise<Account[]> {
  const accounts = pair
    ? await Promise.all(pair.map((a) => timedHttp(book, 'login', () => login(config.server, a.credentials))))
    : await Promise.all([0, 1].map(() => timedHttp(book, 'signUp+login', () => register(config.server, 'load'))));
  const [a, b] = accounts as [Account, Account];
  const slug = await timedHttp(book, 'createRoom', () => createRoom(a));
  const seat = async (account: Account) => {
    const started = performance.now();
    const client = await takeSeat(config.server, account, slug, { ackTimeoutMs: config.stepTimeoutMs });
    book.record('connect+join', performance.now() - started);
    return client;
  };
  const clients = await Promise.all([seat(a), seat(b)]);
  const observe = (event: string, ms: number) => book.record(event, ms);
  try {
    const shooter = shooterNamed(config.strategy);
    const placer = placerNamed(config.placement);
    const bots: Bot[] = accounts.map((account, side) => ({
      userId: account.userId,
      shooter,
      placer,
      rng: createRng(gameSeed(config.seed, gameIndex, 40 + side)),
    }));
    const [ca, cb] = clients;
    const [ba, bb] = bots;
    if (!ca || !cb || !ba || !bb) throw new Error('two players expected');
    await Promise.all([
      playGame(ca, ba, { start: true, stepTimeoutMs: config.stepTimeoutMs, observe }),
      playGame(cb, bb, { start: false, stepTimeoutMs: config.stepTimeoutMs, observe }),
    ]);
  } finally {
    for (const c of clients) c.close();
  }
  return accounts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays a slice of a load run: `lanes` loops in parallel, each playing games one after another
 * until the slice's games are all taken. Lane k of the whole run starts k/concurrency of the ramp
 * late, so connections build up over --ramp seconds instead of all at once.
 */
export async function runLanes(config: LoadConfig, slice: LoadSlice, hooks: LaneHooks): Promise<void> {
  let next = 0;
  const lane = async (k: number): Promise<void> => {
    await sleep(((slice.firstLane + k) / config.concurrency) * config.rampSeconds * 1000);
    let pair: Account[] | null = null;
    while (next < slice.games) {
      const gameIndex = slice.firstGame + next++;
      try {
        pair = await oneGame(config, hooks.book, pair, gameIndex);
        hooks.gameDone(true);
      } catch (error) {
        hooks.gameDone(false, errorCode(error));
      }
    }
  };
  await Promise.all(Array.from({ length: slice.lanes }, (_, k) => lane(k)));
}
