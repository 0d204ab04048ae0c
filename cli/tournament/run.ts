import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatRules } from '../../src/game';
import type { Participant } from '../engine/participant';
import type { GameRecord } from '../engine/referee';
import { round } from '../stats';
import { type GameRunner, inlineRunner, threadRunner } from './runner';
import { type GameTask, schedule, type TournamentConfig } from './schedule';
import { scriptOfGame } from './script-file';
import type { SprtConfig, SprtState } from './sprt';
import type { TournamentStore } from './store';
import { type GameSummary, type Standings, tally } from './tally';

export interface RunOptions {
  readonly concurrency: number;
  /** Worker threads; 0 plays in this thread. */
  readonly threads: number;
  readonly sprt: SprtConfig | null;
  readonly store: TournamentStore | null;
  /** Games already played (--resume). */
  readonly done: readonly GameSummary[];
  /** Where engine logs go without --out. */
  readonly logDir?: string;
  /** A custom runner (the server mode); default: in-process or worker threads. */
  readonly runner?: GameRunner;
  /** The server of a custom runner, for the report. */
  readonly server?: string;
  /** Set to stop scheduling new games (Ctrl-C). */
  readonly stop?: { stopped: boolean };
}

export interface TournamentReport {
  readonly participants: readonly {
    name: string;
    games: number;
    wins: number;
    losses: number;
    endReasons: Record<string, number>;
    lossReasons: Record<string, number>;
    shotFirst: number;
  }[];
  readonly pairings: Standings['pairings'];
  readonly crosstable: Standings['crosstable'];
  readonly eloDiff: { value: number; error: number; los: number } | null;
  readonly sprt: (SprtState & SprtConfig & { pairs: number }) | null;
  readonly games: number;
  readonly planned: number;
  readonly rules: string;
  readonly seed: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly out: string | null;
  /** The server the games were played on (--server); null offline. */
  readonly server: string | null;
  /** Where the engines' logs are; null without engines. */
  readonly logDir: string | null;
  readonly stopped: boolean;
}

export interface Progress {
  /** After every game: games done in all, the game, the standings now. */
  game(done: number, planned: number, summary: GameSummary, standings: Standings): void;
}

function summaryOf(task: GameTask, record: GameRecord, file: string | undefined): GameSummary {
  const count = (seat: 0 | 1): number => record.shots.filter((s) => s.seat === seat).length;
  return {
    index: task.index,
    id: task.id,
    pairing: task.pairing,
    pair: task.pair,
    leg: task.leg,
    seats: task.seats,
    winner: task.seats[record.winner],
    reason: record.reason,
    detail: record.detail,
    shots: [count(0), count(1)],
    ms: round(record.ms, 1),
    info: record.info,
    ...(file ? { file } : {}),
    ...(record.first === undefined ? {} : { first: record.first }),
    ...(record.server ? { gameId: record.server.gameId } : {}),
  };
}

/**
 * Plays a tournament: every scheduled game not played yet, `concurrency` at once, saving each as it
 * ends; with an SPRT, stops scheduling as soon as it decides (games already under way finish and
 * count). Never throws for what an engine does; only the harness's own failures end it.
 */
export async function runTournament(
  config: TournamentConfig,
  options: RunOptions,
  progress: Progress,
): Promise<TournamentReport> {
  const started = performance.now();
  const names = config.participants.map((p) => p.name);
  const all = schedule(config);
  const doneIndexes = new Set(options.done.map((g) => g.index));
  const todo = all.filter((t) => !doneIndexes.has(t.index));
  const games: GameSummary[] = [...options.done];
  const logDir = options.store?.logDir ?? options.logDir ?? join(tmpdir(), `broadside-engines-${process.pid}`);
  const threads = Math.min(options.threads, todo.length);
  const runner = options.runner ?? (threads > 0 ? threadRunner(config, logDir, threads) : inlineRunner(config, logDir));
  let standings = tally(names, config.gauntlet, games, options.sprt);
  let decided: (SprtState & { pairs: number }) | null =
    standings.sprt && standings.sprt.result !== 'none'
      ? { ...standings.sprt, pairs: standings.pairings[0] ? pairsOf(standings) : 0 }
      : null;
  let next = 0;
  let failure: unknown = null;
  const lane = async (): Promise<void> => {
    while (next < todo.length && decided === null && !options.stop?.stopped && failure === null) {
      const task = todo[next++];
      if (!task) break;
      let record: GameRecord;
      try {
        record = await runner.play(task);
      } catch (error) {
        failure ??= error;
        break;
      }
      let file: string | undefined;
      if (options.store) {
        const a = names[task.seats[0]];
        const b = names[task.seats[1]];
        const script = scriptOfGame(
          record,
          config.rules,
          `Tournament game ${task.id} (pair ${task.pair + 1}, leg ${task.leg + 1}, seed ${config.seed}, rules ` +
            `${formatRules(config.rules)}): ${a} vs ${b}, ${record.first === 1 ? b : a} shot first` +
            `${record.server ? ` (drawn by ${options.server ?? 'the server'}, game ${record.server.gameId})` : ''}; ` +
            `${record.detail}. me = ${record.names[record.winner]} unless nobody else fired.`,
        );
        if (script) file = options.store.writeGame(task.id, script);
      }
      const summary = summaryOf(task, record, file);
      options.store?.append(summary);
      games.push(summary);
      standings = tally(names, config.gauntlet, games, options.sprt);
      if (standings.sprt && standings.sprt.result !== 'none' && decided === null)
        decided = { ...standings.sprt, pairs: pairsOf(standings) };
      progress.game(games.length, all.length, summary, standings);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  } finally {
    await runner.close();
  }
  if (failure !== null) throw failure;
  const seconds = (performance.now() - started) / 1000;
  const playedNow = games.length - options.done.length;
  const sprt = options.sprt
    ? { ...options.sprt, ...(decided ?? { ...(standings.sprt as SprtState), pairs: pairsOf(standings) }) }
    : null;
  return {
    participants: standings.participants.map((p) => ({ ...p })),
    pairings: standings.pairings,
    crosstable: standings.crosstable,
    eloDiff: standings.eloDiff,
    sprt,
    games: games.length,
    planned: all.length,
    rules: formatRules(config.rules),
    seed: config.seed,
    seconds: round(seconds, 2),
    gamesPerSecond: round(playedNow / Math.max(seconds, 1e-6), 1),
    out: options.store?.dir ?? null,
    server: options.server ?? null,
    logDir: config.participants.some((p) => p.kind === 'engine') ? logDir : null,
    stopped: Boolean(options.stop?.stopped),
  };
}

function pairsOf(s: Standings): number {
  const p = s.pairings[0];
  return p ? p.pairs.bothWon + p.pairs.split + p.pairs.bothLost : 0;
}

/**
 * Worker threads by default: as many as cores, never more than games at once, for in-process
 * participants. None when every participant is an engine: the work is in the engines' processes,
 * and a thread per core only doubles the processes and their hand-offs (docs/benchmarks.md,
 * "Referee throughput": twice the games per second from the main thread).
 */
export function defaultThreads(concurrency: number, participants: readonly Participant[] = []): number {
  if (participants.length > 0 && participants.every((p) => p.kind === 'engine')) return 0;
  return concurrency > 1 ? Math.min(concurrency, availableParallelism()) : 0;
}
