import { gameSeed, placerNamed } from '../../src/bots';
import { CLASSIC_RULES, createRng, formatRules, type Rules } from '../../src/game';
import type { EngineTimeouts } from '../engine/engine-seat';
import { logFileOf } from '../engine/participant';
import { EngineSeat } from '../engine/engine-seat';
import { refereeSolo } from '../engine/referee';
import { shipsOf } from '../engine/rules-support';
import type { Clock } from '../engine/seat';
import { LatencyBook } from '../../src/bots/latency';
import { type BenchResult, shotFigures } from './run';

export interface EngineBenchConfig {
  readonly command: string;
  readonly name: string;
  readonly placement: string;
  readonly games: number;
  readonly seed: number;
  /** Engine processes playing at once. */
  readonly concurrency: number;
  readonly clock: Clock;
  readonly timeouts: EngineTimeouts;
  readonly logDir: string;
  /** The rules told in `newgame` and played (classic when absent). */
  readonly rules?: Rules;
}

export interface EngineBenchResult extends Omit<BenchResult, 'workers' | 'meanMoves' | 'meanTurns'> {
  readonly engine: string;
  readonly concurrency: number;
  /** Games lost to a fault, by reason, and the first one's detail. */
  readonly faults: Readonly<Record<string, number>>;
  readonly firstFault: string | null;
}

/**
 * `bench --engine`: the engine fires at game i's fleet (drawn from (seed, i) as the built-in bench
 * does, so the figures compare) until it is sunk, `concurrency` processes at once. msPerShot is the
 * time from `go` to the answer, the engine's thinking plus the pipe.
 */
export async function runEngineBench(
  config: EngineBenchConfig,
  progress: (played: number) => void = () => {},
): Promise<EngineBenchResult> {
  const placer = placerNamed(config.placement);
  const rules = config.rules ?? CLASSIC_RULES;
  const shots: number[] = [];
  const faults: Record<string, number> = {};
  let firstFault: string | null = null;
  const book = new LatencyBook();
  const started = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    const seat = new EngineSeat({
      command: config.command,
      name: config.name,
      logFile: logFileOf(config.logDir, config.name),
      timeouts: config.timeouts,
    });
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
        if (game.shots !== null) shots.push(game.shots);
        else if (game.fault) {
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
  return {
    strategy: config.name,
    engine: config.command,
    placement: config.placement,
    games: config.games,
    seed: config.seed,
    rules: formatRules(rules),
    ...shotFigures(shots, book, config.games, started),
    concurrency: config.concurrency,
    faults,
    firstFault,
  };
}
