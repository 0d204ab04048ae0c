import type { RemotePlacementStrategy, RemoteShotStrategy, SeatView } from '../../src/bots';
import {
  CLASSIC_RULES,
  type Cell,
  type Coord,
  type EndReason as ServerEndReason,
  randomFleet,
  type Rng,
  ALL_SHIP_KEYS,
  type Rules,
  type ShipMap,
} from '../../src/game';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EngineSeatConfig, EngineSeat } from './engine-seat';
import { clockOf, timeoutsOf } from './options';
import { logFileOf, parseEngineSpec } from './participant';
import { fleetError, shipMapOf } from './rules-support';
import type { Clock, Fault } from './seat';
import { isFault } from './seat';

const shot = (cell: Cell | undefined): cell is 'M' | 'H' | 'D' => cell === 'M' || cell === 'H' || cell === 'D';

/**
 * An engine seated on a server through the bot player loop (`play --engine`, `duel --a-engine`):
 * the loop asks for a fleet and for shots; this adapter turns the views the server sends into BEP
 * lines (`result`, `sunk`, `opponent`, from what changed since the last move) and the engine's
 * answers into moves. A fault (timeout, crash, illegal) makes the bot resign that game; the engine
 * is restarted for the next. docs/engines.md, "On a server".
 */
export class ServerEngineBot {
  private readonly seat: EngineSeat;
  private games = 0;
  private fault: Fault | null = null;
  private lastTargets: Coord[] = [];
  private knownSunk = new Set<string>();
  private ownSeen = new Set<number>();
  /** The faults that cost games so far, one line each. */
  readonly faults: string[] = [];
  /** A fleet the harness hands out for the next game (tournaments' seeded fleets): no `place` then. */
  nextFleet: ShipMap | null = null;
  /** The rules of the room, told in `newgame` and checked on the engine's fleet. */
  rules: Rules = CLASSIC_RULES;

  constructor(
    config: EngineSeatConfig,
    private readonly clock: Clock,
  ) {
    this.seat = new EngineSeat(config);
  }

  get name(): string {
    return this.seat.name;
  }

  private faulted(f: Fault): void {
    this.fault ??= f;
    this.faults.push(`${f.fault}: ${f.detail}`);
  }

  readonly placer: RemotePlacementStrategy = {
    name: 'engine',
    place: async (rng: Rng, rules?: Rules): Promise<ShipMap> => {
      if (rules) this.rules = rules;
      this.games++;
      this.fault = null;
      this.lastTargets = [];
      this.knownSunk = new Set();
      this.ownSeen = new Set();
      const ready = await this.seat.begin({ id: `game-${this.games}`, rules: this.rules, seed: rng.int(2 ** 31) });
      const given = this.nextFleet;
      this.nextFleet = null;
      if (ready) this.faulted(ready);
      else if (given) return given;
      else {
        const ships = await this.seat.place(this.clock);
        if (isFault(ships)) this.faulted(ships);
        else {
          const error = fleetError(ships, this.rules);
          if (error === null) return shipMapOf(ships);
          this.faulted({ fault: 'illegal', detail: `fleet: ${error}` });
        }
      }
      // The game still needs a fleet on the server: a random one, and the bot resigns at its first turn.
      return randomFleet(rng, this.rules);
    },
  };

  readonly shooter: RemoteShotStrategy = {
    name: 'engine',
    nextShot: async (view: SeatView): Promise<Coord | 'resign'> => {
      const move = await this.move(view, 1);
      return move === 'resign' ? move : (move[0] ?? 'resign');
    },
    nextSalvo: (view: SeatView, count: number): Promise<Coord[] | 'resign'> => this.move(view, count),
  };

  /** One move of `count` cells (`go … shots k` under salvo rules), each checked against the view. */
  private async move(view: SeatView, count: number): Promise<Coord[] | 'resign'> {
    if (this.fault) return 'resign';
    this.tell(view);
    const move = await this.seat.go(this.clock, count);
    if (isFault(move)) {
      this.faulted(move);
      return 'resign';
    }
    if (move === 'resign') return 'resign';
    const seen = new Set<number>();
    for (const c of move) {
      if (shot(view.grid[c.y]?.[c.x]) || seen.has(c.y * 10 + c.x)) {
        this.faulted({ fault: 'illegal', detail: `fired at ${c.x} ${c.y}, already shot` });
        return 'resign';
      }
      seen.add(c.y * 10 + c.x);
    }
    this.lastTargets = [...move];
    return [...move];
  }

  /**
   * Sends what happened since the engine's last move: each cell's answer in the order fired (the
   * cell that sank a ship, the last of its cells in that order, answered D with the `sunk` line),
   * then the opponent's shots.
   */
  private tell(view: SeatView): void {
    const targets = this.lastTargets;
    const sinking = new Map<number, { ship: number; cells: readonly Coord[] }>();
    for (const [key, cells] of Object.entries(view.sunk)) {
      if (this.knownSunk.has(key) || !cells) continue;
      this.knownSunk.add(key);
      const onShip = targets.filter((t) => cells.some((c) => c.x === t.x && c.y === t.y));
      const last = onShip[onShip.length - 1];
      if (last)
        sinking.set(last.y * 10 + last.x, {
          ship: ALL_SHIP_KEYS.indexOf(key as (typeof ALL_SHIP_KEYS)[number]),
          cells,
        });
    }
    for (const target of targets) {
      const answer = view.grid[target.y]?.[target.x];
      if (!shot(answer)) continue;
      const sunk = sinking.get(target.y * 10 + target.x) ?? null;
      this.seat.result(target, sunk ? 'D' : answer === 'D' ? 'H' : answer, sunk);
    }
    this.lastTargets = [];
    view.own.forEach((row, y) => {
      row.forEach((cell, x) => {
        const i = y * 10 + x;
        if (shot(cell) && !this.ownSeen.has(i)) {
          this.ownSeen.add(i);
          this.seat.opponent({ x, y }, cell);
        }
      });
    });
  }

  /** The fault that cost the current game, if any. */
  get currentFault(): Fault | null {
    return this.fault;
  }

  /** Tells the engine how the game ended. */
  finish(won: boolean, reason: ServerEndReason | null): void {
    const why = this.fault?.fault ?? (reason === null ? 'sunk' : reason === 'SUNK' ? 'sunk' : 'resign');
    this.seat.end(won, why, this.fault !== null);
  }

  close(): Promise<void> {
    return this.seat.close();
  }
}

/** The adapter for a `--engine` command line, its log in a temporary folder. */
export function serverEngineBot(
  command: string,
  options: { time: number; timeMargin: number; handshakeTime: number; readyTime: number },
): ServerEngineBot {
  const spec = parseEngineSpec(command);
  if (spec.kind !== 'engine') throw new Error('unreachable');
  return new ServerEngineBot(
    {
      command: spec.command,
      name: spec.name,
      logFile: logFileOf(join(tmpdir(), `broadside-play-${process.pid}`), spec.name),
      timeouts: timeoutsOf(options),
    },
    clockOf(options),
  );
}
