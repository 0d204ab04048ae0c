import {
  ALL_SHIP_KEYS,
  type Cell,
  CLASSIC_RULES,
  type Coord,
  createRng,
  emptyGrid,
  type Rng,
  type Rules,
  type ShipKey,
  type ShipMap,
} from '../../src/game';
import type { EndReason } from './bep';
import { shipsOf } from './rules-support';
import { type Clock, type Fault, type GameSetup, isFault, type Seat, type ShotAnswer } from './seat';

/** What an in-process shooter is shown: the opponent grid as known, the ships sunk, the rules. */
export interface InProcessView {
  readonly grid: Cell[][];
  readonly sunk: Partial<Record<ShipKey, readonly Coord[]>>;
  readonly rules: Rules;
}

/**
 * A shooter as a module may export it: the built-in strategy shape, or a bare function. A salvo
 * (`shots salvo`) is asked of `nextSalvo` when it has one, else cell by cell of `nextShot`, each
 * cell already chosen shown as a miss.
 */
export interface InProcessShooter {
  nextShot(view: InProcessView, rng: Rng): Coord | Promise<Coord>;
  nextSalvo?(view: InProcessView, count: number, rng: Rng): readonly Coord[] | Promise<readonly Coord[]>;
}
/** A placer gets the rules too (a russian fleet, no-touch). */
export interface InProcessPlacer {
  place(rng: Rng, rules: Rules): ShipMap | Promise<ShipMap>;
}

export interface InProcessBot {
  readonly name: string;
  readonly shooter: InProcessShooter;
  /** Without one, the harness's seeded fleet is used even when engines place their own. */
  readonly placer: InProcessPlacer | null;
}

/**
 * A seat played in-process by a shooter (a built-in strategy or a JavaScript module, docs/engines.md):
 * it keeps the view a player may know, asks the shooter, and is held to the same clock as an engine.
 */
export class StrategySeat implements Seat {
  private grid: Cell[][] = emptyGrid();
  private sunk: Partial<Record<ShipKey, readonly Coord[]>> = {};
  private rng: Rng = createRng(0);
  private rules: Rules = CLASSIC_RULES;

  constructor(private readonly bot: InProcessBot) {}

  get name(): string {
    return this.bot.name;
  }

  async begin(setup: GameSetup): Promise<Fault | null> {
    this.grid = emptyGrid();
    this.sunk = {};
    this.rng = createRng(setup.seed);
    this.rules = setup.rules;
    return null;
  }

  private async timed<T>(clock: Clock, what: string, call: () => T | Promise<T>): Promise<T | Fault> {
    const started = performance.now();
    try {
      const value = await call();
      const ms = performance.now() - started;
      if (ms > clock.timeMs + clock.marginMs)
        return {
          fault: 'timeout',
          detail: `${what} took ${Math.round(ms)} ms (limit ${clock.timeMs + clock.marginMs} ms)`,
        };
      return value;
    } catch (error) {
      return { fault: 'crash', detail: `${what} threw: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  async place(clock: Clock): Promise<Coord[][] | Fault> {
    const placer = this.bot.placer;
    if (!placer) return { fault: 'illegal', detail: 'this bot has no placer' };
    const fleet = await this.timed(clock, 'place', () => placer.place(this.rng, this.rules));
    if (typeof fleet !== 'object' || fleet === null) return { fault: 'illegal', detail: 'place returned no fleet' };
    if ('fault' in fleet) return fleet as Fault;
    return shipsOf(fleet as ShipMap, this.rules);
  }

  async go(clock: Clock, count: number): Promise<readonly Coord[] | 'resign' | Fault> {
    const shooter = this.bot.shooter;
    if (count > 1 && shooter.nextSalvo) {
      const view = { grid: this.grid, sunk: this.sunk, rules: this.rules };
      const salvo = await this.timed(clock, 'nextSalvo', () => shooter.nextSalvo?.(view, count, this.rng) ?? []);
      if (!Array.isArray(salvo))
        return isFault(salvo) ? salvo : { fault: 'illegal', detail: 'nextSalvo returned no cells' };
      return salvo.map((c: Coord) => ({ x: c.x, y: c.y }));
    }
    const cells: Coord[] = [];
    const marked: Coord[] = [];
    for (let i = 0; i < count; i++) {
      const view = { grid: this.grid, sunk: this.sunk, rules: this.rules };
      const shot = await this.timed(clock, 'nextShot', () => shooter.nextShot(view, this.rng));
      if (typeof shot !== 'object' || shot === null) return { fault: 'illegal', detail: 'nextShot returned no cell' };
      if ('fault' in shot) return shot as Fault;
      const { x, y } = shot as Coord;
      cells.push({ x, y });
      // In a salvo, the cells already chosen read as shot, so the next pick goes elsewhere.
      if (count > 1 && Number.isInteger(x) && Number.isInteger(y)) {
        const row = this.grid[y];
        if (row && row[x] === 'E') {
          row[x] = 'M';
          marked.push({ x, y });
        }
      }
    }
    for (const c of marked) {
      const row = this.grid[c.y];
      if (row) row[c.x] = 'E';
    }
    return cells;
  }

  result(cell: Coord, answer: ShotAnswer, sunk: { ship: number; cells: readonly Coord[] } | null): void {
    const row = this.grid[cell.y];
    if (row) row[cell.x] = answer === 'M' ? 'M' : 'H';
    if (sunk) {
      const key = ALL_SHIP_KEYS[sunk.ship];
      if (key) this.sunk[key] = sunk.cells;
      for (const c of sunk.cells) {
        const r = this.grid[c.y];
        if (r) r[c.x] = 'D';
      }
    }
  }

  opponent(): void {}

  end(_won: boolean, _reason: EndReason, _faulted: boolean): void {}

  takeInfo(): string[] {
    return [];
  }

  async close(): Promise<void> {}
}
