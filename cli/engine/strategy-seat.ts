import {
  type Cell,
  type Coord,
  createRng,
  emptyGrid,
  type Rng,
  SHIP_KEYS,
  type ShipKey,
  type ShipMap,
} from '../../src/game';
import type { EndReason } from './bep';
import type { Clock, Fault, GameSetup, Seat, ShotAnswer } from './seat';

/** A shooter as a module may export it: the built-in strategy shape, or a bare function. */
export interface InProcessShooter {
  nextShot(
    view: { grid: Cell[][]; sunk: Partial<Record<ShipKey, readonly Coord[]>> },
    rng: Rng,
  ): Coord | Promise<Coord>;
}
export interface InProcessPlacer {
  place(rng: Rng): ShipMap | Promise<ShipMap>;
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

  constructor(private readonly bot: InProcessBot) {}

  get name(): string {
    return this.bot.name;
  }

  async begin(setup: GameSetup): Promise<Fault | null> {
    this.grid = emptyGrid();
    this.sunk = {};
    this.rng = createRng(setup.seed);
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
    const fleet = await this.timed(clock, 'place', () => placer.place(this.rng));
    if (typeof fleet !== 'object' || fleet === null) return { fault: 'illegal', detail: 'place returned no fleet' };
    if ('fault' in fleet) return fleet as Fault;
    return SHIP_KEYS.map((key) => [...((fleet as ShipMap)[key] ?? [])]);
  }

  async go(clock: Clock, count: number): Promise<readonly Coord[] | 'resign' | Fault> {
    const cells: Coord[] = [];
    const marked: Coord[] = [];
    for (let i = 0; i < count; i++) {
      const view = { grid: this.grid, sunk: this.sunk };
      const shot = await this.timed(clock, 'nextShot', () => this.bot.shooter.nextShot(view, this.rng));
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
      const key = SHIP_KEYS[sunk.ship];
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
