import type { Coord, Rules } from '../../src/game';
import type { EndReason, FaultReason } from './bep';

/** What a seat is told before a game (docs/engines.md, `newgame`). */
export interface GameSetup {
  readonly id: string;
  readonly rules: Rules;
  readonly seed: number;
}

/** A fault that costs the seat its game. */
export interface Fault {
  readonly fault: FaultReason;
  readonly detail: string;
}

export const isFault = (value: unknown): value is Fault =>
  typeof value === 'object' && value !== null && 'fault' in value;

export type ShotAnswer = 'M' | 'H' | 'D';

/** The referee's clock: a move later than `timeMs + marginMs` loses by timeout. */
export interface Clock {
  readonly timeMs: number;
  readonly marginMs: number;
}

/**
 * A player as the referee drives it, whatever it is: an engine process (BEP) or a strategy loaded
 * in-process. Answers come back as values; anything that breaks the protocol comes back as a Fault.
 */
export interface Seat {
  readonly name: string;
  /** Prepares a game: starts or restarts the engine when needed, sends `newgame`, waits for `readyok`. */
  begin(setup: GameSetup): Promise<Fault | null>;
  /** The seat's own fleet, ships in fleet order, each a list of cells (not yet checked). */
  place(clock: Clock): Promise<Coord[][] | Fault>;
  /** `count` cells to fire at, or a resignation. */
  go(clock: Clock, count: number): Promise<readonly Coord[] | 'resign' | Fault>;
  /** What one of the seat's shots did; `sunk` lists the ship's number and cells after a sink. */
  result(cell: Coord, answer: ShotAnswer, sunk: { ship: number; cells: readonly Coord[] } | null): void;
  /** What an opponent's shot did to the seat's fleet. */
  opponent(cell: Coord, answer: ShotAnswer): void;
  /** The end of the game; a seat that faulted is restarted before its next one. */
  end(won: boolean, reason: EndReason, faulted: boolean): void;
  /** `info` lines since the game began. */
  takeInfo(): string[];
  /** Stops for good (quits the engine, kills it if it lingers). */
  close(): Promise<void>;
}
