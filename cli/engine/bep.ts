import { type Coord, fleetLengths, GRID_SIZE, type Rules } from '../../src/game';
import { HARNESS_END_REASONS, type HarnessEndReason } from '../../src/protocol/offline-game';

/**
 * The Broadside Engine Protocol's lines (docs/engines.md): what the harness writes and how it reads
 * what an engine answers. Pure functions, no I/O.
 */

/** How a game ends, as `gameover` and every report name it (the replay viewer reads them too). */
export const END_REASONS = HARNESS_END_REASONS;
export type EndReason = HarnessEndReason;
/** The faults that cost an engine its game. */
export type FaultReason = 'timeout' | 'crash' | 'illegal';

/** A ship as an engine places it: first cell and orientation. */
export interface ShipPlacement {
  readonly x: number;
  readonly y: number;
  readonly dir: 'h' | 'v';
}

export interface EngineOption {
  readonly name: string;
  readonly type: 'spin' | 'check' | 'string';
  readonly default: string;
  readonly min?: number;
  readonly max?: number;
}

/** `newgame <id> size 10 fleet 5,4,3,3,2 touch yes shots one again never seed <n>`. */
export function newGameLine(id: string, rules: Rules, seed: number): string {
  return (
    `newgame ${id} size ${GRID_SIZE} fleet ${fleetLengths(rules).join(',')} touch ${rules.touch ? 'yes' : 'no'} ` +
    `shots ${rules.shots} again ${rules.again} seed ${seed}`
  );
}

export const setOptionLine = (name: string, value: string): string => `setoption name ${name} value ${value}`;
export const placeLine = (timeMs: number): string => `place time ${timeMs}`;
export const goLine = (timeMs: number, shots: number): string =>
  shots > 1 ? `go time ${timeMs} shots ${shots}` : `go time ${timeMs}`;
export const resultLine = (c: Coord, result: 'M' | 'H' | 'D'): string => `result ${c.x} ${c.y} ${result}`;
export const sunkLine = (ship: number, cells: readonly Coord[]): string =>
  `sunk ${ship} ${cells.map((c) => `${c.x},${c.y}`).join(' ')}`;
export const opponentLine = (c: Coord, result: 'M' | 'H' | 'D'): string => `opponent ${c.x} ${c.y} ${result}`;
export const gameOverLine = (won: boolean, reason: EndReason): string => `gameover ${won ? 'win' : 'loss'} ${reason}`;

/** The first word of a line, which says what it is. */
export function verb(line: string): string {
  const space = line.indexOf(' ');
  return space < 0 ? line : line.slice(0, space);
}

const INT = /^(0|[1-9][0-9]*)$/;
const toInt = (s: string | undefined): number | null => (s !== undefined && INT.test(s) ? Number(s) : null);

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };
const bad = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** `fire <x> <y> [<x> <y> …]` with exactly `count` cells, or `resign`. Bounds are checked, repeats are not. */
export function parseMove(line: string, count: number): Parsed<readonly Coord[] | 'resign'> {
  const words = line.trim().split(/ +/);
  if (words[0] === 'resign' && words.length === 1) return { ok: true, value: 'resign' };
  if (words[0] !== 'fire') return bad(`expected "fire x y" or "resign", got "${clip(line)}"`);
  const numbers = words.slice(1);
  if (numbers.length !== count * 2) {
    const got = numbers.length % 2 === 0 ? `${numbers.length / 2}` : `${numbers.length} numbers`;
    return bad(`expected ${count} ${count === 1 ? 'cell' : 'cells'} after "fire", got ${got}: "${clip(line)}"`);
  }
  const cells: Coord[] = [];
  for (let i = 0; i < numbers.length; i += 2) {
    const x = toInt(numbers[i]);
    const y = toInt(numbers[i + 1]);
    if (x === null || y === null) return bad(`"${clip(line)}" is not whole numbers`);
    if (x >= GRID_SIZE || y >= GRID_SIZE) return bad(`${x} ${y} is off the ${GRID_SIZE}×${GRID_SIZE} board`);
    cells.push({ x, y });
  }
  return { ok: true, value: cells };
}

/** `fleet <x>,<y>,<h|v> …`, one per ship in fleet order. Whether the fleet is legal is checked elsewhere. */
export function parseFleet(line: string, ships: number): Parsed<readonly ShipPlacement[]> {
  const words = line.trim().split(/ +/);
  if (words[0] !== 'fleet') return bad(`expected "fleet x,y,h|v …", got "${clip(line)}"`);
  const parts = words.slice(1);
  if (parts.length !== ships) return bad(`expected ${ships} ships after "fleet", got ${parts.length}`);
  const out: ShipPlacement[] = [];
  for (const part of parts) {
    const [xs, ys, dir, extra] = part.split(',');
    const x = toInt(xs);
    const y = toInt(ys);
    if (x === null || y === null || (dir !== 'h' && dir !== 'v') || extra !== undefined)
      return bad(`"${clip(part)}" is not x,y,h|v`);
    out.push({ x, y, dir });
  }
  return { ok: true, value: out };
}

/** The cells of every ship of a placement, in fleet order. */
export function placementCells(placement: readonly ShipPlacement[], lengths: readonly number[]): Coord[][] {
  return placement.map((p, i) =>
    Array.from({ length: lengths[i] ?? 0 }, (_, k) =>
      p.dir === 'h' ? { x: p.x + k, y: p.y } : { x: p.x, y: p.y + k },
    ),
  );
}

/** A fleet as a `fleet` line (in-process bots, examples and tests speak it too). */
export function fleetLine(ships: readonly (readonly Coord[])[]): string {
  return `fleet ${ships
    .map((cells) => {
      const [a, b] = cells;
      const dir = a && b && a.x === b.x ? 'v' : 'h';
      return `${a?.x ?? 0},${a?.y ?? 0},${dir}`;
    })
    .join(' ')}`;
}

/** `option name <n> type spin|check|string default <v> [min <a> max <b>]`. */
export function parseOption(line: string): Parsed<EngineOption> {
  const m = /^option name (\S+) type (spin|check|string) default (\S*)(?: min (-?\d+) max (-?\d+))?\s*$/.exec(line);
  if (!m) return bad(`malformed option line "${clip(line)}"`);
  const [, name = '', type, value = '', min, max] = m;
  if (type === 'spin' && (min === undefined || max === undefined)) return bad(`spin option ${name} needs min and max`);
  if (type === 'check' && value !== 'true' && value !== 'false')
    return bad(`check option ${name} default must be true or false`);
  return {
    ok: true,
    value: {
      name,
      type: type as EngineOption['type'],
      default: value,
      ...(min !== undefined && max !== undefined ? { min: Number(min), max: Number(max) } : {}),
    },
  };
}

/** A line shortened for error messages (an engine may print megabytes). */
export function clip(line: string, max = 80): string {
  return line.length <= max ? line : `${line.slice(0, max)}… (${line.length} characters)`;
}
