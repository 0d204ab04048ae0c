import {
  type Cell,
  cellIndex,
  type Coord,
  emptyGrid,
  type Grid,
  GRID_SIZE,
  resolveShot,
  type Rules,
  type ShipKey,
  type ShipMap,
  type ShotResult,
  turnShots,
} from '../../game';
import type { ShotView } from '../types';

/** What an analysis needs of a game: its rules, both fleets and every shot in the order fired. */
export interface AnalysisSource {
  readonly rules: Rules;
  readonly players: readonly { readonly userId: string; readonly fleet: ShipMap }[];
  readonly shots: readonly { readonly shooterId: string; readonly x: number; readonly y: number }[];
}

/** One move: a shot, or the cells of a salvo fired together, with what its shooter knew before it. */
export interface GameMove {
  /** The move's number in the game, from 0. */
  readonly n: number;
  readonly shooterId: string;
  /** Index of the move's first shot in the source's shots. */
  readonly firstShot: number;
  readonly cells: readonly Coord[];
  readonly results: readonly ShotResult[];
  /** The shooter's view of the opponent before the move: its shots and their answers, the ships it sank. */
  readonly view: ShotView;
}

export class InconsistentGameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InconsistentGameError';
  }
}

/** What one player knows of the other's fleet, move after move. */
class Knowing {
  readonly grid: Grid = emptyGrid();
  readonly sunk: Partial<Record<ShipKey, readonly Coord[]>> = {};
  readonly fired = new Set<number>();

  constructor(readonly target: ShipMap) {}

  view(rules: Rules): ShotView {
    return { grid: this.grid.map((row) => [...row]), sunk: { ...this.sunk }, rules };
  }

  /** Fires at c, as the server answers it: M, H, or D with the sunk ship shown whole. */
  fire(c: Coord): ShotResult {
    const outcome = resolveShot(this.target, this.fired, c);
    this.fired.add(cellIndex(c));
    const row = this.grid[c.y] as Cell[];
    row[c.x] = outcome.result;
    if (outcome.sunk !== undefined) {
      const cells = this.target[outcome.sunk] ?? [];
      this.sunk[outcome.sunk] = cells;
      for (const s of cells) (this.grid[s.y] as Cell[])[s.x] = 'D';
    }
    return outcome.result;
  }
}

/**
 * The game's moves in order, each with its shooter's view before it. A move is one shot under
 * one-shot rules (also when a hit keeps the turn: each shot is then chosen knowing the last one's
 * answer); under salvo rules it is the cells fired together, as many as the shooter's ships afloat
 * at the start of its turn (never more than the cells it had left to shoot), as the server counts
 * them (src/game, turnShots). The answers are worked out from the fleets, not taken on trust, so a
 * record and a script file give the same moves; a shot off the board or fired twice is an error.
 */
export function movesOf(source: AnalysisSource): GameMove[] {
  const [a, b] = source.players;
  if (!a || !b) throw new InconsistentGameError('a game has two players');
  const knowing = new Map<string, Knowing>([
    [a.userId, new Knowing(b.fleet)],
    [b.userId, new Knowing(a.fleet)],
  ]);
  const fleets = new Map<string, ShipMap>([
    [a.userId, a.fleet],
    [b.userId, b.fleet],
  ]);
  const moves: GameMove[] = [];
  let i = 0;
  while (i < source.shots.length) {
    const first = source.shots[i];
    if (!first) break;
    const shooter = first.shooterId;
    const mine = knowing.get(shooter);
    const other = [...knowing.keys()].find((id) => id !== shooter);
    const theirs = other === undefined ? undefined : knowing.get(other);
    if (!mine || !theirs) throw new InconsistentGameError(`shot ${i + 1} is fired by ${shooter}, not a player`);
    const size = Math.max(
      1,
      turnShots({
        rules: source.rules,
        fleet: fleets.get(shooter),
        shotsAtFleet: theirs.fired,
        unshotTargets: GRID_SIZE * GRID_SIZE - mine.fired.size,
      }),
    );
    const view = mine.view(source.rules);
    const cells: Coord[] = [];
    const results: ShotResult[] = [];
    const firstShot = i;
    while (i < source.shots.length && cells.length < size) {
      const shot = source.shots[i];
      if (!shot || shot.shooterId !== shooter) break;
      const c = { x: shot.x, y: shot.y };
      if (
        !Number.isInteger(c.x) ||
        !Number.isInteger(c.y) ||
        c.x < 0 ||
        c.y < 0 ||
        c.x >= GRID_SIZE ||
        c.y >= GRID_SIZE
      )
        throw new InconsistentGameError(`shot ${i + 1} (${c.x}, ${c.y}) is off the board`);
      if (mine.fired.has(cellIndex(c)) || cells.some((d) => d.x === c.x && d.y === c.y))
        throw new InconsistentGameError(`shot ${i + 1} (${c.x}, ${c.y}) was fired before`);
      cells.push(c);
      i++;
    }
    // The answers come after the whole move: a salvo's cells are chosen together.
    for (const c of cells) results.push(mine.fire(c));
    moves.push({ n: moves.length, shooterId: shooter, firstShot, cells, results, view });
  }
  return moves;
}

/**
 * What `playerId` knows of the opponent's fleet after every shot of the source: the view a hint
 * starts from in a game still being played. The opponent's fleet is needed to answer the shots
 * (as the server does), not shown: only sunk ships appear whole.
 */
export function viewAfter(source: AnalysisSource, playerId: string): ShotView {
  const opponent = source.players.find((p) => p.userId !== playerId);
  if (!opponent) throw new InconsistentGameError('a game has two players');
  const knowing = new Knowing(opponent.fleet);
  for (const shot of source.shots) if (shot.shooterId === playerId) knowing.fire({ x: shot.x, y: shot.y });
  return knowing.view(source.rules);
}
