import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatRules } from '../../src/game';
import type { Participant } from '../engine/participant';
import type { GameRecord } from '../engine/referee';
import { type MeanError, round, roundedMeanError } from '../stats';
import { DEFAULT_RATING_OPTIONS, jointRatings, type Rating, type RatingOptions } from './ratings';
import { type GameRunner, inlineRunner, threadRunner } from './runner';
import { type GameTask, schedule, type TournamentConfig } from './schedule';
import { harnessRecordOf } from './game-record';
import { scriptOfGame } from './script-file';
import { shotFigures } from './shots';
import type { EloEstimate, Pentanomial, SprtConfig, SprtState } from './sprt';
import type { TournamentStore } from './store';
import { allFaulted, type GameSummary, type Standings, Tally } from './tally';

export interface RunOptions {
  readonly concurrency: number;
  /** Worker threads; 0 plays in this thread. */
  readonly threads: number;
  readonly sprt: SprtConfig | null;
  readonly store: TournamentStore | null;
  /** Games already played (--resume), in the order they were played. */
  readonly done: readonly GameSummary[];
  /** Where engine logs go without --out. */
  readonly logDir?: string;
  /** A custom runner (the server mode); default: in-process or worker threads. */
  readonly runner?: GameRunner;
  /** The server of a custom runner, for the report. */
  readonly server?: string;
  /** Set to stop scheduling new games and drop the results of those under way (Ctrl-C). */
  readonly stop?: { stopped: boolean; abort?: () => void };
  /** How the ratings' errors are drawn (tests and benchmarks lower the resamples). */
  readonly ratings?: RatingOptions;
}

/** One point of the SPRT's path: its LLR once `pairs` pairs were complete. */
export interface LlrPoint {
  readonly pairs: number;
  readonly llr: number;
}

/** The most points of the SPRT's path a report keeps (a long run's path is thinned evenly). */
export const PATH_POINTS = 1000;

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
  /** Joint maximum-likelihood ratings, best first (ratings.ts). */
  readonly ratings: readonly Rating[];
  /** Shots per participant (shots.ts), in participant order. */
  readonly shots: readonly {
    name: string;
    toWin: MeanError | null;
    movesToWin: MeanError | null;
    perGame: number;
  }[];
  readonly pairings: readonly (Standings['pairings'][number] & { pentanomial: Pentanomial })[];
  readonly crosstable: Standings['crosstable'];
  /** Two participants: the first's Elo over the second from whole pairs, with normalized Elo. */
  readonly eloDiff: EloEstimate | null;
  /** Two participants: [LL, LD, DD+WL, WD, WW] pairs (fastchess's Ptnml(0-2)). */
  readonly pentanomial: Pentanomial | null;
  readonly sprt: (SprtState & SprtConfig & { pairs: number; path: readonly LlrPoint[] }) | null;
  /** Participants who lost every game they played by a fault (timeout, crash, illegal). */
  readonly faulted: readonly string[];
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

/** A run's report and every game it counts, in the order they ended (the HTML report lists them). */
export interface TournamentRun {
  readonly report: TournamentReport;
  readonly games: readonly GameSummary[];
}

export interface Progress {
  /** After every game: games done in all, the game, the tally now. */
  game(done: number, planned: number, summary: GameSummary, tally: Tally): void;
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
    ...(record.moves ? { moves: [record.moves[0], record.moves[1]] as const } : {}),
    ms: round(record.ms, 1),
    info: record.info,
    ...(file ? { file } : {}),
    ...(record.first === undefined ? {} : { first: record.first }),
    ...(record.server ? { gameId: record.server.gameId } : {}),
  };
}

/** Completed pairs of a two-participant tally. */
const pairsOf = (s: Standings): number => {
  const p = s.pairings[0];
  return p ? p.pairs.bothWon + p.pairs.split + p.pairs.bothLost : 0;
};

/** A path thinned evenly to at most `max` points, its first and last kept. */
export function thinPath(path: readonly LlrPoint[], max = PATH_POINTS): LlrPoint[] {
  if (path.length <= max) return [...path];
  const out: LlrPoint[] = [];
  for (let k = 0; k < max; k++) {
    const point = path[Math.round((k * (path.length - 1)) / (max - 1))];
    if (point) out.push(point);
  }
  return out;
}

/**
 * The report of a set of games under a config, whether just played or read back from a run's
 * folder (`broadside view` rebuilds a saved run's report this way).
 */
export function reportOf(
  config: TournamentConfig,
  games: readonly GameSummary[],
  sprt: SprtConfig | null,
  extra: {
    planned?: number;
    seconds?: number;
    playedNow?: number;
    out?: string | null;
    server?: string | null;
    logDir?: string | null;
    stopped?: boolean;
    ratings?: RatingOptions;
  } = {},
): TournamentReport {
  const names = config.participants.map((p) => p.name);
  const tally = new Tally(names, config.gauntlet, sprt);
  const path: LlrPoint[] = [];
  let pairs = 0;
  let decided: (SprtState & { pairs: number }) | null = null;
  for (const g of games) {
    tally.add(g);
    if (!sprt) continue;
    const complete = tally.completePairs(0);
    if (complete === pairs) continue;
    const state = tally.sprtState();
    if (!state) continue;
    pairs = complete;
    // The decision stands where the test first crossed a bound, as the run stopped there: the
    // path ends there too, though games already under way when it decided are still counted.
    if (decided !== null) continue;
    path.push({ pairs, llr: round(state.llr, 4) });
    if (state.result !== 'none') decided = { ...state, pairs };
  }
  const standings = tally.standings();
  const seconds = extra.seconds ?? 0;
  return {
    participants: standings.participants,
    ratings: jointRatings(names, tally.ratingUnits(), extra.ratings ?? DEFAULT_RATING_OPTIONS).map((r) => ({
      ...r,
      rating: r.rating === null ? null : round(r.rating, 1),
      error: r.error === null ? null : round(r.error, 1),
      losNext: r.losNext === null ? null : round(r.losNext, 4),
    })),
    shots: shotFigures(names, games).map((s) => ({
      ...s,
      toWin: roundedMeanError(s.toWin),
      movesToWin: roundedMeanError(s.movesToWin),
      perGame: round(s.perGame, 2),
    })),
    pairings: standings.pairings.map((p) => ({
      ...p,
      pentanomial: [p.pairs.bothLost, 0, p.pairs.split, 0, p.pairs.bothWon] as const,
    })),
    crosstable: standings.crosstable,
    eloDiff: standings.eloDiff,
    pentanomial: standings.pentanomial,
    sprt:
      sprt && standings.sprt
        ? { ...sprt, ...(decided ?? { ...standings.sprt, pairs: pairsOf(standings) }), path: thinPath(path) }
        : null,
    faulted: allFaulted(standings).map((p) => p.name),
    games: games.length,
    planned: extra.planned ?? schedule(config).length,
    rules: formatRules(config.rules),
    seed: config.seed,
    seconds: round(seconds, 2),
    gamesPerSecond: seconds > 0 ? round((extra.playedNow ?? games.length) / seconds, 1) : 0,
    out: extra.out ?? null,
    server: extra.server ?? null,
    logDir: extra.logDir ?? null,
    stopped: Boolean(extra.stopped),
  };
}

/**
 * Plays a tournament: every scheduled game not played yet, `concurrency` at once, saving each as it
 * ends; with an SPRT, stops scheduling as soon as it decides (games already under way finish and
 * count). Stopped (Ctrl-C), it aborts the games under way and keeps none of them: the saved run
 * holds finished games only, and `--resume` plays the rest. Never throws for what an engine does;
 * only the harness's own failures end it.
 */
export async function runTournament(
  config: TournamentConfig,
  options: RunOptions,
  progress: Progress,
): Promise<TournamentRun> {
  const started = performance.now();
  const names = config.participants.map((p) => p.name);
  const all = schedule(config);
  const doneIndexes = new Set(options.done.map((g) => g.index));
  const todo = all.filter((t) => !doneIndexes.has(t.index));
  const games: GameSummary[] = [...options.done];
  const logDir = options.store?.logDir ?? options.logDir ?? join(tmpdir(), `broadside-engines-${process.pid}`);
  const threads = Math.min(options.threads, todo.length);
  const runner = options.runner ?? (threads > 0 ? threadRunner(config, logDir, threads) : inlineRunner(config, logDir));
  if (options.stop) options.stop.abort = () => runner.abort();
  const tally = new Tally(names, config.gauntlet, options.sprt);
  for (const g of games) tally.add(g);
  let decided = tally.sprtState()?.result !== undefined && tally.sprtState()?.result !== 'none';
  let next = 0;
  let failure: unknown = null;
  const lane = async (): Promise<void> => {
    while (next < todo.length && !decided && !options.stop?.stopped && failure === null) {
      const task = todo[next++];
      if (!task) break;
      let record: GameRecord;
      try {
        record = await runner.play(task);
      } catch (error) {
        if (!options.stop?.stopped) failure ??= error;
        break;
      }
      // A game under way when the run was stopped lost its engines: it is played again on --resume.
      if (options.stop?.stopped) break;
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
          {
            record: harnessRecordOf(record, config.rules, {
              gameId: record.server?.gameId ?? task.index + 1,
              slug: record.server?.slug ?? task.id,
              endedAt: Date.now(),
            }),
          },
        );
        if (script) file = options.store.writeGame(task.id, script);
      }
      const summary = summaryOf(task, record, file);
      options.store?.append(summary);
      games.push(summary);
      tally.add(summary);
      const state = tally.sprtState();
      if (state && state.result !== 'none') decided = true;
      progress.game(games.length, all.length, summary, tally);
      // In-process games resolve as microtasks: without a turn of the event loop now and then, a
      // Ctrl-C (and the progress bar's timer) would wait for the end of the run.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  } finally {
    await runner.close();
  }
  if (failure !== null) throw failure;
  return {
    report: reportOf(config, games, options.sprt, {
      planned: all.length,
      seconds: (performance.now() - started) / 1000,
      playedNow: games.length - options.done.length,
      out: options.store?.dir ?? null,
      server: options.server ?? null,
      logDir: config.participants.some((p) => p.kind === 'engine') ? logDir : null,
      stopped: Boolean(options.stop?.stopped),
      ...(options.ratings ? { ratings: options.ratings } : {}),
    }),
    games,
  };
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
