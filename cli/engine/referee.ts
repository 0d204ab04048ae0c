import { type Coord, GRID_SIZE, type Rules } from '../../src/game';
import type { EndReason } from './bep';
import { fleetError } from './rules-support';
import { type Clock, type Fault, isFault, type Seat, type ShotAnswer } from './seat';

/** One shot of a game, by seat 0 or 1. */
export interface RecordedShot {
  readonly seat: 0 | 1;
  readonly x: number;
  readonly y: number;
  readonly result: ShotAnswer;
}

export interface GameRecord {
  readonly id: string;
  readonly names: readonly [string, string];
  readonly winner: 0 | 1;
  readonly reason: EndReason;
  /** Who lost and why, in one line ("beta: timeout: no answer to …"); the sinking shot for `sunk`. */
  readonly detail: string;
  readonly fleets: readonly [Coord[][], Coord[][]];
  readonly shots: readonly RecordedShot[];
  /** Moves made by each seat (a salvo is one move); absent when not known (a game on a server). */
  readonly moves?: readonly [number, number];
  /** Each seat's `info` lines. */
  readonly info: readonly [readonly string[], readonly string[]];
  readonly ms: number;
  /** The seat that shot first: 0 offline; on a server, the seat the server drew. */
  readonly first?: 0 | 1;
  /** A game played through a server: its id there (`broadside export`) and room. */
  readonly server?: { readonly gameId: number; readonly slug: string };
}

export interface GameSpec {
  readonly id: string;
  readonly rules: Rules;
  readonly seed: number;
  /** Seat 0 shoots first. */
  readonly seats: readonly [Seat, Seat];
  /** The harness's fleets for each seat; null: each seat places its own (`place`). */
  readonly fleets: readonly [Coord[][], Coord[][]] | null;
  readonly clock: Clock;
  /** Seeds told to each seat in `newgame` (default: the game's seed). */
  readonly seatSeeds?: readonly [number, number];
}

/** A board under fire: which ship is on each cell and how many cells of each ship are left. */
class Board {
  private readonly shipAt = new Int16Array(GRID_SIZE * GRID_SIZE).fill(-1);
  private readonly left: number[];
  private readonly shot = new Uint8Array(GRID_SIZE * GRID_SIZE);
  private afloat: number;
  /** Cells shot so far. */
  fired = 0;

  constructor(readonly ships: readonly (readonly Coord[])[]) {
    ships.forEach((cells, i) => {
      for (const c of cells) this.shipAt[c.y * GRID_SIZE + c.x] = i;
    });
    this.left = ships.map((cells) => cells.length);
    this.afloat = ships.length;
  }

  wasShot(c: Coord): boolean {
    return this.shot[c.y * GRID_SIZE + c.x] === 1;
  }

  fire(c: Coord): { answer: ShotAnswer; sunk: number | null } {
    const i = c.y * GRID_SIZE + c.x;
    this.shot[i] = 1;
    this.fired++;
    const ship = this.shipAt[i] ?? -1;
    if (ship < 0) return { answer: 'M', sunk: null };
    const left = (this.left[ship] ?? 1) - 1;
    this.left[ship] = left;
    if (left > 0) return { answer: 'H', sunk: null };
    this.afloat--;
    return { answer: 'D', sunk: ship };
  }

  get shipsAfloat(): number {
    return this.afloat;
  }

  /** Cells not shot yet: a salvo never asks for more. */
  get unshot(): number {
    return GRID_SIZE * GRID_SIZE - this.fired;
  }
}

/**
 * Shots in a move (docs/engines.md, "Rules"): one, or under `shots salvo` one per ship the shooter
 * has afloat, never more than the cells the target has left unshot (as src/game's shotsAllowed).
 */
export function shotsDue(rules: Rules, afloat: number, unshot: number): number {
  return rules.shots === 'salvo' ? Math.min(afloat, unshot) : 1;
}

const other = (seat: 0 | 1): 0 | 1 => (seat === 0 ? 1 : 0);

/**
 * Referees one game between two seats (docs/engines.md): prepares both, gets or hands out the fleets,
 * then asks the seat to move for `go`, checks every cell (in bounds, never shot before, not twice
 * in a salvo), answers both seats, and ends at the last sink, a resignation, or the first fault.
 * A fault (timeout, crash, illegal) costs the faulting seat the game; the referee never throws for
 * what a seat does.
 */
export async function refereeGame(spec: GameSpec): Promise<GameRecord> {
  const started = performance.now();
  const { seats, rules, clock } = spec;
  const names = [seats[0].name, seats[1].name] as const;
  const shots: RecordedShot[] = [];
  const fleets: [Coord[][], Coord[][]] = spec.fleets ? [spec.fleets[0], spec.fleets[1]] : [[], []];
  const faulted: [boolean, boolean] = [false, false];
  const moves: [number, number] = [0, 0];

  const finish = (winner: 0 | 1, reason: EndReason, detail: string): GameRecord => {
    seats[winner].end(true, reason, faulted[winner]);
    seats[other(winner)].end(false, reason, faulted[other(winner)]);
    return {
      id: spec.id,
      names,
      winner,
      reason,
      detail,
      fleets,
      shots,
      moves,
      info: [seats[0].takeInfo(), seats[1].takeInfo()],
      ms: performance.now() - started,
    };
  };
  const lose = (seat: 0 | 1, f: Fault): GameRecord => {
    faulted[seat] = true;
    return finish(other(seat), f.fault, `${names[seat]}: ${f.fault}: ${f.detail}`);
  };
  /** Both seats at once; when both fault, the first seat's fault decides. */
  const both = async <T>(ask: (seat: 0 | 1) => Promise<T | Fault>): Promise<[T, T] | GameRecord> => {
    const [a, b] = await Promise.all([ask(0), ask(1)]);
    if (isFault(a)) {
      if (isFault(b)) faulted[1] = true;
      return lose(0, a);
    }
    if (isFault(b)) return lose(1, b);
    return [a, b];
  };

  const seeds = spec.seatSeeds ?? [spec.seed, spec.seed];
  const ready = await both(async (s) => (await seats[s].begin({ id: spec.id, rules, seed: seeds[s] })) ?? true);
  if (!Array.isArray(ready)) return ready;
  if (!spec.fleets) {
    const placed = await both(async (s) => {
      const ships = await seats[s].place(clock);
      if (isFault(ships)) return ships;
      const error = fleetError(ships, rules);
      return error ? ({ fault: 'illegal', detail: `fleet: ${error}` } satisfies Fault) : ships;
    });
    if (!Array.isArray(placed)) return placed;
    fleets[0] = placed[0];
    fleets[1] = placed[1];
  }
  const boards = [new Board(fleets[0]), new Board(fleets[1])] as const;

  let turn: 0 | 1 = 0;
  for (;;) {
    const target = boards[other(turn)];
    const count = shotsDue(rules, boards[turn].shipsAfloat, target.unshot);
    const move = await seats[turn].go(clock, count);
    if (isFault(move)) return lose(turn, move);
    if (move === 'resign') return finish(other(turn), 'resign', `${names[turn]} resigned`);
    const seen = new Set<number>();
    for (const c of move) {
      const index = c.y * GRID_SIZE + c.x;
      if (target.wasShot(c) || seen.has(index))
        return lose(turn, { fault: 'illegal', detail: `fired at ${c.x} ${c.y}, already shot` });
      seen.add(index);
    }
    moves[turn]++;
    // Every cell of a salvo is answered, in order, also those after the last sink (misses then).
    let hit = false;
    let last: Coord | null = null;
    for (const c of move) {
      const { answer, sunk } = target.fire(c);
      hit ||= answer !== 'M';
      if (target.shipsAfloat === 0) last ??= c;
      shots.push({ seat: turn, x: c.x, y: c.y, result: answer });
      seats[turn].result(c, answer, sunk === null ? null : { ship: sunk, cells: target.ships[sunk] ?? [] });
      seats[other(turn)].opponent(c, answer);
    }
    if (last) return finish(turn, 'sunk', `${names[turn]} sank every ship at ${last.x} ${last.y}`);
    if (!(rules.again === 'hit' && hit)) turn = other(turn);
  }
}

/** A solo game: one seat fires at a fleet until it is sunk (offline strength, `bench --engine`). */
export interface SoloRecord {
  /** Shots to sink the fleet; null when the seat faulted or resigned. */
  readonly shots: number | null;
  readonly fault: Fault | null;
  /** Time of each move, from the `go` to its answer. */
  readonly moveMs: readonly number[];
}

export async function refereeSolo(
  seat: Seat,
  fleet: Coord[][],
  setup: { id: string; rules: Rules; seed: number },
  clock: Clock,
): Promise<SoloRecord> {
  const moveMs: number[] = [];
  const ready = await seat.begin(setup);
  if (ready) return { shots: null, fault: ready, moveMs };
  const board = new Board(fleet);
  let shots = 0;
  for (;;) {
    // Nobody shoots back in a solo game: a salvo stays the whole fleet's (as the built-in bench).
    const count = shotsDue(setup.rules, fleet.length, board.unshot);
    const started = performance.now();
    const move = await seat.go(clock, count);
    moveMs.push(performance.now() - started);
    if (isFault(move)) {
      seat.end(false, move.fault, true);
      return { shots: null, fault: move, moveMs };
    }
    if (move === 'resign') {
      seat.end(false, 'resign', false);
      return { shots: null, fault: { fault: 'illegal', detail: 'resigned a solo game' }, moveMs };
    }
    const repeated = move.find((c, i) => board.wasShot(c) || move.slice(0, i).some((d) => d.x === c.x && d.y === c.y));
    if (repeated) {
      seat.end(false, 'illegal', true);
      return {
        shots: null,
        fault: { fault: 'illegal', detail: `fired at ${repeated.x} ${repeated.y}, already shot` },
        moveMs,
      };
    }
    for (const c of move) {
      const { answer, sunk } = board.fire(c);
      shots++;
      seat.result(c, answer, sunk === null ? null : { ship: sunk, cells: board.ships[sunk] ?? [] });
      if (board.shipsAfloat === 0) {
        seat.end(true, 'sunk', false);
        return { shots, fault: null, moveMs };
      }
    }
  }
}
