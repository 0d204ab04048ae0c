import { gameSeed, placerNamed } from '../../src/bots';
import { LatencyBook } from '../../src/bots/latency';
import { CLASSIC_RULES, createRng, formatRules, type Rules } from '../../src/game';
import type { EngineTimeouts } from '../engine/engine-seat';
import { type Participant, seatFor } from '../engine/participant';
import { refereeSolo } from '../engine/referee';
import { shipsOf } from '../engine/rules-support';
import type { Clock } from '../engine/seat';
import { type BenchOutcome, type BenchResult, movesFigure, shotFigures } from './run';

export interface SoloBenchConfig {
  /** An engine (a command speaking BEP) or a JavaScript module; built-ins go through runBench. */
  readonly participant: Participant;
  readonly placement: string;
  readonly games: number;
  readonly seed: number;
  /** Engine processes (or module seats) playing at once. */
  readonly concurrency: number;
  readonly clock: Clock;
  readonly timeouts: EngineTimeouts;
  readonly logDir: string;
  /** The rules told in `newgame` and played (classic when absent). */
  readonly rules?: Rules;
}

export interface EngineBenchResult extends Omit<BenchResult, 'workers' | 'meanTurns'> {
  /** The engine's command, or the module's path. */
  readonly engine: string;
  readonly concurrency: number;
  /** Games played to the end (the shot figures are theirs). */
  readonly finished: number;
  /** Games lost to a fault, by reason, and the first one's detail. */
  readonly faults: Readonly<Record<string, number>>;
  readonly firstFault: string | null;
}

/**
 * `bench --engine` and `bench --strategy ./bot.mjs`: the participant fires at game i's fleet
 * (drawn from (seed, i) as the built-in bench draws it, so the figures compare and a comparison is
 * paired) until it is sunk, `concurrency` seats at once. msPerShot is the time from `go` to the
 * answer, the engine's thinking plus the pipe. A game lost to a fault has shots -1.
 */
export async function runSoloBench(
  config: SoloBenchConfig,
  progress: (played: number) => void = () => {},
): Promise<BenchOutcome<EngineBenchResult>> {
  const placer = placerNamed(config.placement);
  const rules = config.rules ?? CLASSIC_RULES;
  const shots = new Int32Array(config.games).fill(-1);
  const moves: number[] = [];
  const faults: Record<string, number> = {};
  let firstFault: string | null = null;
  const book = new LatencyBook();
  const started = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    const seat = await seatFor(config.participant, { timeouts: config.timeouts, logDir: config.logDir });
    try {
      while (next < config.games) {
        const i = next++;
        const fleet = placer.place(createRng(gameSeed(config.seed, i, 0)), rules);
        const game = await refereeSolo(
          seat,
          shipsOf(fleet, rules),
          { id: `bench-${i + 1}`, rules, seed: gameSeed(config.seed, i, 1) },
          config.clock,
        );
        for (const ms of game.moveMs) book.record('shot', ms);
        if (game.shots !== null) {
          shots[i] = game.shots;
          moves.push(game.moveMs.length);
        } else if (game.fault) {
          faults[game.fault.fault] = (faults[game.fault.fault] ?? 0) + 1;
          firstFault ??= `game ${i + 1}: ${game.fault.fault}: ${game.fault.detail}`;
        }
        progress(1);
      }
    } finally {
      await seat.close();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(config.concurrency, config.games)) }, lane));
  const finished = shots.filter((n) => n >= 0);
  const p = config.participant;
  return {
    result: {
      strategy: p.name,
      engine: p.kind === 'engine' ? p.command : p.kind === 'module' ? p.path : p.shooter,
      placement: config.placement,
      games: config.games,
      seed: config.seed,
      rules: formatRules(rules),
      ...shotFigures(finished, book, config.games, started),
      meanMoves: moves.length ? Math.round((moves.reduce((a, b) => a + b, 0) / moves.length) * 1000) / 1000 : 0,
      moves: movesFigure(moves),
      concurrency: config.concurrency,
      finished: finished.length,
      faults,
      firstFault,
    },
    shots,
  };
}
