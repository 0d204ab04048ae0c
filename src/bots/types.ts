import type { Cell, Coord, PartialShipMap, Rng, Rules, ShipMap } from '../game';

/**
 * Everything a shooter may know about the opponent (docs/protocol.md, Server → client events): the opponent grid as the
 * player sees it (only E, M, H, D; read as grid[y][x]) and the opponent ships sunk so far.
 */
export interface ShotView {
  readonly grid: readonly (readonly Cell[])[];
  readonly sunk: PartialShipMap;
  /** The room's rules (docs/game.md, "Rule variants"); classic when absent. */
  readonly rules?: Rules;
}

/**
 * A shooting strategy. `nextShot` is a pure function of the view and the rng: the same view and
 * the same rng state give the same shot, which is what makes benches and duels replayable.
 */
export interface ShotStrategy {
  readonly name: string;
  readonly description: string;
  nextShot(view: ShotView, rng: Rng): Coord;
  /**
   * A salvo of `count` distinct cells chosen as a set (salvo rules). Absent: salvoOf picks them one
   * by one with nextShot, each pick taken as a miss for the next (shots spread instead of piling up).
   */
  nextSalvo?(view: ShotView, count: number, rng: Rng): Coord[];
}

/** A placement strategy: a legal fleet drawn from the rng and nothing else. */
export interface PlacementStrategy {
  readonly name: string;
  readonly description: string;
  /** A legal fleet of the rules (classic when absent). */
  place(rng: Rng, rules?: Rules): ShipMap;
}

/** What a shooter thinking elsewhere is shown: the shot view and the player's own grid (its fleet under fire). */
export interface SeatView extends ShotView {
  readonly own: readonly (readonly Cell[])[];
}

/**
 * A shooter that may answer later and may give up: an engine process (docs/engines.md) behind the
 * bot player loop. Every ShotStrategy is one. `resign` when it cannot go on (its engine crashed,
 * timed out or broke a rule): the bot then resigns the game.
 */
export interface RemoteShotStrategy {
  readonly name: string;
  nextShot(view: SeatView, rng: Rng): Coord | 'resign' | Promise<Coord | 'resign'>;
  /**
   * A salvo of `count` distinct cells chosen as a set (salvo rules). Absent: the bot asks nextShot
   * for them one by one, each pick shown as a miss for the next (pickSalvo, src/bots/salvo.ts).
   */
  nextSalvo?(view: SeatView, count: number, rng: Rng): Coord[] | 'resign' | Promise<Coord[] | 'resign'>;
}

/** A placement strategy that may answer later (an engine's `place`). Every PlacementStrategy is one. */
export interface RemotePlacementStrategy {
  readonly name: string;
  /** A legal fleet of the room's rules (classic when absent). */
  place(rng: Rng, rules?: Rules): ShipMap | Promise<ShipMap>;
}
