import { createRng } from '../../src/game';
import {
  type Bot,
  gameSeed,
  placerNamed,
  oneAfterTheOther,
  playGame,
  requestReplay,
  shooterNamed,
} from '../../src/bots';
import type { GameClient } from '../../src/protocol';
import { type Account, createRoom, login, signUp, takeSeat } from '../session';
import type { LoadConfig } from './config';
import { thinkTimes } from './think';

/** What a game needs to know of a load run (`broadside load`, or the Artillery engine's options). */
export type GameSettings = Pick<
  LoadConfig,
  'server' | 'strategy' | 'placement' | 'seed' | 'stepTimeoutMs' | 'paceMs' | 'rematch'
> &
  Partial<Pick<LoadConfig, 'rules' | 'paceJitter'>>;

/** Where the scenario records how long each step took, ms (the load run's Timeline, or Artillery's metrics). */
export interface StepRecorder {
  record(name: string, ms: number): void;
}

/** Two players who play together: signed up and logged in once, then their room and sockets while open. */
interface Table {
  readonly accounts: readonly [Account, Account];
  clients: readonly [GameClient, GameClient] | null;
}

async function timed<T>(timeline: StepRecorder, name: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await call();
  timeline.record(name, performance.now() - started);
  return value;
}

function closeClients(table: Table): void {
  for (const c of table.clients ?? []) c.close();
  table.clients = null;
}

/**
 * The game scenario: every iteration is one game between two users, as people play. A pair of
 * accounts is signed up and logged in once and keeps its token; after a game the pair rematches
 * in its room on the same sockets (a `--rematch` share of the time, drawn from the seed), or
 * creates a new room and connects again. Pairs are pooled, so an open-model arrival reuses an
 * idle pair and only signs a new one up when every pair is playing.
 */
export class GameScenario {
  private readonly idle: Table[] = [];
  private readonly all = new Set<Table>();
  private readonly shooter;
  private readonly placer;

  /** `existing` hands out accounts made before the run (`--tokens`); otherwise each is signed up and logged in. */
  constructor(
    private readonly config: GameSettings,
    private readonly timeline: StepRecorder,
    private readonly existing: (() => Promise<Account>) | null = null,
  ) {
    this.shooter = shooterNamed(config.strategy);
    this.placer = placerNamed(config.placement);
  }

  private async account(): Promise<Account> {
    if (this.existing) return this.existing();
    const credentials = await timed(this.timeline, 'signUp', () => signUp(this.config.server, 'load'));
    return timed(this.timeline, 'login', () => login(this.config.server, credentials));
  }

  private async newTable(): Promise<Table> {
    const [a, b] = await Promise.all([this.account(), this.account()]);
    const table: Table = { accounts: [a, b], clients: null };
    this.all.add(table);
    return table;
  }

  /**
   * Signs up and logs in `pairs` pairs before any game and pools them, so the games that follow
   * start on accounts that exist: the run's throughput and the server's memory then measure games,
   * not argon2id sign-ups (each hash takes ~19 MiB while it runs).
   */
  async prepare(pairs: number): Promise<void> {
    const tables = await Promise.all(Array.from({ length: pairs }, () => this.newTable()));
    this.idle.push(...tables);
  }

  /** Plays game `index`; the pair goes back to the pool, with its sockets unless the game failed. */
  async run(index: number): Promise<void> {
    const table = this.idle.pop() ?? (await this.newTable());
    try {
      await this.play(table, index);
    } catch (error) {
      closeClients(table);
      throw error;
    } finally {
      this.idle.push(table);
    }
  }

  private async seat(account: Account, slug: string): Promise<GameClient> {
    return timed(this.timeline, 'connect+join', () =>
      takeSeat(this.config.server, account, slug, { ackTimeoutMs: this.config.stepTimeoutMs }),
    );
  }

  private async play(table: Table, index: number): Promise<void> {
    const { config, timeline } = this;
    // A refused acknowledgement is also counted apart (`shoot refused`): the shots acknowledged are the rest.
    const observe = (event: string, ms: number, error: string | null = null) => {
      timeline.record(event, ms);
      if (error !== null) timeline.record(`${event} refused`, ms);
    };
    const [a, b] = table.accounts;
    const rematch = table.clients !== null && createRng(gameSeed(config.seed, index, 7)).next() < config.rematch;
    if (rematch && table.clients) {
      await requestReplay(table.clients[0], observe);
    } else {
      closeClients(table);
      const slug = await timed(timeline, 'createRoom', () => createRoom(a, null, config.rules ?? null));
      // The creator first, then the guest: the original server loses a member when two joins of one
      // room arrive at once (docs/protocol.md, "Interoperability"); ours takes both either way.
      const first = await Promise.allSettled([this.seat(a, slug)]);
      const seated =
        first[0]?.status === 'fulfilled' ? [...first, ...(await Promise.allSettled([this.seat(b, slug)]))] : first;
      const clients = seated.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const [ca, cb] = clients;
      if (!ca || !cb) {
        for (const c of clients) c.close();
        throw seated.find((s) => s.status === 'rejected')?.reason;
      }
      table.clients = [ca, cb];
    }
    const [ca, cb] = table.clients ?? [];
    if (!ca || !cb) throw new Error('two seated players expected');
    const bots: Bot[] = [a, b].map((account, side) => ({
      userId: account.userId,
      shooter: this.shooter,
      placer: this.placer,
      rng: createRng(gameSeed(config.seed, index, 40 + side)),
    }));
    const [ba, bb] = bots;
    if (!ba || !bb) throw new Error('two players expected');
    const options = { stepTimeoutMs: config.stepTimeoutMs, observe };
    // Each player's think times from a stream of its own, so the bots' shots stay those of the seed.
    const think = (side: number) =>
      thinkTimes(config.paceMs, config.paceJitter ?? 0, createRng(gameSeed(config.seed, index, 50 + side)));
    const [first, second] = oneAfterTheOther();
    await Promise.all([
      playGame(ca, ba, { ...options, ...first, thinkMs: think(0), start: true }),
      playGame(cb, bb, { ...options, ...second, thinkMs: think(1), start: false }),
    ]);
  }

  /** Pairs currently playing. */
  get inFlight(): number {
    return this.all.size - this.idle.length;
  }

  close(): void {
    for (const table of this.all) closeClients(table);
  }
}
