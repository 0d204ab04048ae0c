import {
  ALL_SHIP_KEYS,
  type Cell,
  type Coord,
  emptyGrid,
  GAME_STATUSES,
  type GameStatus,
  GRID_SIZE,
  type Grid,
  type PartialShipMap,
  SHIP_KEYS,
  SHIP_LENGTHS,
  type ShipKey,
  type ShipMap,
} from '../game';
import { type ChatLine, ChatLineSchema } from './chat';
import { ERROR_CODES, type ErrorCode } from './errors';
import type { Ack, ErrorAck } from './types';

/*
 * The SPEC dialect (docs/protocol.md): the wire as the original server speaks it, read into and
 * written from this project's own shapes. Pure functions, used by the clients on either server
 * and by our server to answer the clients that do not ask for broadside/2.
 *
 * Differences it bridges: ship keys "1".."5" on the wire, "0".."4" here; own-grid ship cells hold
 * the ship's key there, 'S' here; `battlePlace` is the player's shot grid there, the last shot here;
 * acks `{gameStatus}` there, a bare status from older servers of ours; errors carry a sentence.
 */

/** Wire key of a ship ("1".."5") from its number here ("0".."4"). */
export function wireKey(key: ShipKey): string {
  return String(Number(key) + 1);
}

/** A fleet as the SPEC dialect writes it: keys "1".."5". */
export function toWireShips(fleet: PartialShipMap): Record<string, Coord[]> {
  const out: Record<string, Coord[]> = {};
  for (const key of SHIP_KEYS) {
    const cells = fleet[key];
    if (cells) out[wireKey(key)] = cells.map((c) => ({ x: c.x, y: c.y }));
  }
  return out;
}

/**
 * A ship map read from either numbering: keys "1".."5" (the SPEC dialect) or "0".."4" (ours). A key
 * "5" means the SPEC numbering, a key "0" ours; a map with neither (some ships only) is read with
 * `spec`, what the sender is known to speak.
 */
export function fromWireShips(map: unknown, spec = false): PartialShipMap {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return {};
  const entries = Object.entries(map as Record<string, unknown>);
  const keys = entries.map(([k]) => k);
  // Ours always has ship "0" in a whole fleet, and goes past "5" only with a russian fleet (ten
  // ships, docs/game.md "Rule variants"), which the SPEC dialect never carries.
  const pastFive = keys.some((k) => Number(k) > 5);
  const oneBased = !keys.includes('0') && !pastFive && (keys.includes('5') || spec);
  const out: Partial<Record<ShipKey, Coord[]>> = {};
  for (const [key, cells] of entries) {
    const index = Number(key) - (oneBased ? 1 : 0);
    const shipKey = oneBased ? SHIP_KEYS[index] : ALL_SHIP_KEYS[index];
    if (shipKey === undefined || !Array.isArray(cells)) continue;
    out[shipKey] = cells.filter(isCoord).map((c) => ({ x: c.x, y: c.y }));
  }
  return out;
}

/**
 * A placeShips payload with the SPEC numbering (exactly the keys "1".."5") renumbered "0".."4";
 * anything else unchanged, for the schema to judge.
 */
export function shipKeysIn(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const map = payload as Record<string, unknown>;
  const keys = Object.keys(map).sort();
  if (keys.join() !== '1,2,3,4,5') return payload;
  return Object.fromEntries(keys.map((k) => [String(Number(k) - 1), map[k]]));
}

/** A whole fleet from either numbering, or null when the map is empty or incomplete (`{}` before placing). */
export function fromWireFleet(map: unknown): ShipMap | null {
  const ships = fromWireShips(map, true);
  return SHIP_KEYS.every((k) => ships[k] !== undefined) ? (ships as ShipMap) : null;
}

function isCoord(value: unknown): value is Coord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Coord).x === 'number' &&
    typeof (value as Coord).y === 'number'
  );
}

const SHOT_CELLS = new Set<string>(['E', 'M', 'H', 'D']);

/** True for a 10×10 array of arrays (a grid, not a last-shot object or null). */
export function isGridPayload(value: unknown): value is unknown[][] {
  return Array.isArray(value) && (value.length === 0 || Array.isArray(value[0]));
}

/**
 * A grid read from either dialect: `[]` (the original before a game starts) is empty, a ship's key
 * or 'S' is a ship cell ('S'), E/M/H/D stay. Any other shape reads as empty water.
 */
export function readGrid(value: unknown): Grid {
  const grid = emptyGrid();
  if (!Array.isArray(value)) return grid;
  for (let y = 0; y < GRID_SIZE; y++) {
    const row: unknown = value[y];
    if (!Array.isArray(row)) continue;
    for (let x = 0; x < GRID_SIZE; x++) {
      const cell: unknown = row[x];
      if (typeof cell !== 'string' || cell === 'E') continue;
      (grid[y] as Cell[])[x] = SHOT_CELLS.has(cell) ? (cell as Cell) : 'S';
    }
  }
  return grid;
}

/** The own grid as the SPEC dialect writes it: each ship cell holds its ship's key "1".."5". */
export function toWireOwnGrid(grid: Grid, fleet: ShipMap | null | undefined): string[][] {
  const out: string[][] = grid.map((row) => [...row]);
  if (!fleet) return out;
  for (const key of SHIP_KEYS) {
    for (const c of fleet[key]) {
      const row = out[c.y];
      if (row && row[c.x] === 'S') row[c.x] = wireKey(key);
    }
  }
  return out;
}

/** The cell that went from E to a shot between two grids (the shot just fired), or null. */
export function newShot(before: Grid, after: Grid): Coord | null {
  for (let y = 0; y < GRID_SIZE; y++) {
    for (let x = 0; x < GRID_SIZE; x++) {
      const was = before[y]?.[x];
      const now = after[y]?.[x];
      if ((was === 'E' || was === 'S') && (now === 'M' || now === 'H' || now === 'D')) return { x, y };
    }
  }
  return null;
}

/** The cells that turned D between two grids: the ship a shot just sank (one shot sinks one ship). */
export function newlySunk(before: Grid, after: Grid): Coord[] {
  const cells: Coord[] = [];
  for (let y = 0; y < GRID_SIZE; y++) {
    for (let x = 0; x < GRID_SIZE; x++) if (after[y]?.[x] === 'D' && before[y]?.[x] !== 'D') cells.push({ x, y });
  }
  return cells;
}

/**
 * Which ship a sunk run of cells is, among those not known sunk yet: the first free key of that
 * length (the two 3-cell ships are told apart by order only, which is all a player can know).
 */
export function sunkShipKey(cells: readonly Coord[], known: PartialShipMap): ShipKey | null {
  for (const key of SHIP_KEYS) {
    if (known[key] === undefined && SHIP_LENGTHS[Number(key)] === cells.length) return key;
  }
  return null;
}

function isStatus(value: unknown): value is GameStatus {
  return typeof value === 'string' && (GAME_STATUSES as readonly string[]).includes(value);
}

function isCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Any `{error}` from either server as an error value: our stable code when the server gave one
 * (in `code`, or as the error itself), else REFUSED; the server's sentence as the message.
 */
export function readErrorReply(reply: {
  error: unknown;
  code?: unknown;
  message?: unknown;
  reason?: unknown;
  retryAfter?: unknown;
  limit?: unknown;
  until?: unknown;
}): ErrorAck {
  const text = typeof reply.error === 'string' ? reply.error : 'refused';
  if (isCode(reply.code)) return { error: reply.code, message: text };
  if (isCode(text)) {
    // A LIMIT_REACHED keeps its machine-readable details (docs/protocol.md, "Limits").
    const details = {
      ...(typeof reply.reason === 'string' ? { reason: reply.reason } : {}),
      ...(typeof reply.retryAfter === 'number' ? { retryAfter: reply.retryAfter } : {}),
      ...(typeof reply.limit === 'number' ? { limit: reply.limit } : {}),
      ...(typeof reply.until === 'number' ? { until: reply.until } : {}),
    };
    return typeof reply.message === 'string'
      ? { error: text, message: reply.message, ...details }
      : { error: text, ...details };
  }
  return { error: 'REFUSED', message: text };
}

function hasError(reply: unknown): reply is { error: unknown; code?: unknown; message?: unknown } {
  return typeof reply === 'object' && reply !== null && 'error' in reply;
}

/** The ack of joinRoom or replay from either server: `{gameStatus}`, a bare status, or an error. */
export function readStatusReply(reply: unknown): Ack<GameStatus> {
  if (hasError(reply)) return readErrorReply(reply);
  if (isStatus(reply)) return reply;
  if (typeof reply === 'object' && reply !== null && isStatus((reply as { gameStatus?: unknown }).gameStatus)) {
    return (reply as { gameStatus: GameStatus }).gameStatus;
  }
  return { error: 'BAD_REPLY', message: `unexpected answer: ${JSON.stringify(reply)?.slice(0, 200)}` };
}

/** The ack of startGame, placeShips, resign or leaveRoom: anything but an `{error}` is a success. */
export function readDoneReply(reply: unknown): Ack<null> {
  return hasError(reply) ? readErrorReply(reply) : null;
}

/** broadside/2's ack of a chat line: the line as stored, or an error. */
export function readChatReply(reply: unknown): Ack<ChatLine> {
  if (hasError(reply)) return readErrorReply(reply);
  const line = ChatLineSchema.safeParse(reply);
  if (line.success) return line.data;
  return { error: 'BAD_REPLY', message: `unexpected answer to a chat line: ${JSON.stringify(reply)?.slice(0, 200)}` };
}

/** The ack of a shot: 'M' | 'H' | 'D', or an error. */
export function readShotReply(reply: unknown): Ack<'M' | 'H' | 'D'> {
  if (hasError(reply)) return readErrorReply(reply);
  if (reply === 'M' || reply === 'H' || reply === 'D') return reply;
  return { error: 'BAD_REPLY', message: `unexpected answer to a shot: ${JSON.stringify(reply)?.slice(0, 200)}` };
}

/** The answer to a salvo of `count` cells (broadside/2): their results in the order fired, or a refusal. */
export function readSalvoReply(reply: unknown, count: number): Ack<('M' | 'H' | 'D')[]> {
  if (hasError(reply)) return readErrorReply(reply);
  if (Array.isArray(reply) && reply.length === count && reply.every((r) => r === 'M' || r === 'H' || r === 'D'))
    return reply as ('M' | 'H' | 'D')[];
  return { error: 'BAD_REPLY', message: `unexpected answer to a salvo: ${JSON.stringify(reply)?.slice(0, 200)}` };
}
