import { gameSeed } from '../../src/bots';
import type { Rules } from '../../src/game';
import type { EngineTimeouts } from '../engine/engine-seat';
import type { Participant } from '../engine/participant';
import type { Clock } from '../engine/seat';

/** Everything that decides a tournament's games; saved with --out so --resume plays the same ones. */
export interface TournamentConfig {
  readonly participants: readonly Participant[];
  readonly gauntlet: boolean;
  /** Pairs of games per pairing (--games). */
  readonly pairs: number;
  readonly seed: number;
  readonly rules: Rules;
  /** `seeded`: the harness hands both games of a pair the same two fleets; `own`: each seat places its own. */
  readonly fleets: 'seeded' | 'own';
  readonly clock: Clock;
  readonly timeouts: EngineTimeouts;
  /** Every protocol line in the engines' logs (--trace). */
  readonly trace?: boolean;
}

/** One game to play: who sits where, which fleets, which seeds. Plain data for worker threads. */
export interface GameTask {
  /** Position in the schedule; games are saved and resumed by it. */
  readonly index: number;
  readonly id: string;
  readonly pairing: number;
  readonly pair: number;
  /** 0: the pairing's first participant shoots first with the first fleet; 1: seats swapped. */
  readonly leg: 0 | 1;
  /** Participant indexes of seat 0 (shoots first) and seat 1. */
  readonly seats: readonly [number, number];
  /** Seeds of the seeded fleets of seat 0 and seat 1 (the same in both legs of a pair). */
  readonly fleetSeeds: readonly [number, number];
  /** The `newgame` seeds of seat 0 and seat 1. */
  readonly seatSeeds: readonly [number, number];
}

/** Round robin: every two participants; gauntlet: the first against each of the others. */
export function pairings(count: number, gauntlet: boolean): [number, number][] {
  const out: [number, number][] = [];
  if (gauntlet) for (let j = 1; j < count; j++) out.push([0, j]);
  else for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) out.push([i, j]);
  return out;
}

/** Games in the order they are played: pair by pair, each pair across every pairing, so all advance together. */
export function schedule(config: TournamentConfig): GameTask[] {
  const list = pairings(config.participants.length, config.gauntlet);
  const tasks: GameTask[] = [];
  for (let pair = 0; pair < config.pairs; pair++) {
    list.forEach(([i, j], pairing) => {
      const unit = pair * list.length + pairing;
      const fleetSeeds = [gameSeed(config.seed, unit, 0), gameSeed(config.seed, unit, 1)] as const;
      const seatSeeds = [gameSeed(config.seed, unit, 2), gameSeed(config.seed, unit, 3)] as const;
      for (const leg of [0, 1] as const) {
        tasks.push({
          index: unit * 2 + leg,
          id: `${pairing + 1}.${pair + 1}.${leg + 1}`,
          pairing,
          pair,
          leg,
          seats: leg === 0 ? [i, j] : [j, i],
          fleetSeeds,
          seatSeeds,
        });
      }
    });
  }
  return tasks;
}
