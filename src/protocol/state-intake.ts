import { GAME_STATUSES, type GameStatus, type Grid, type PartialShipMap, SHIP_KEYS, type ShipKey } from '../game';
import type { ClientGameState } from './client-state';
import { fromWireFleet, fromWireShips, isGridPayload, newlySunk, newShot, readGrid, sunkShipKey } from './spec-dialect';
import type { PlayerStateView } from './state-frame';
import type { Member, ServerEventName, Winner } from './types';

/*
 * How a client takes in one server event, whichever server and dialect sent it (docs/protocol.md):
 * a pure function from the state before and the raw payload to the state after. What the SPEC
 * dialect leaves out (the last shot, the sunk ships during play, the own fleet after placing) is
 * read from the grids it does send.
 */

export interface Intake {
  readonly state: ClientGameState;
  /** The events this one amounts to, in order (a grid may also tell the last shot: `battlePlace`). */
  readonly changes: readonly ServerEventName[];
}

function shotsOn(grid: Grid, own: boolean): number {
  let n = 0;
  for (const row of grid)
    for (const cell of row) if (own ? cell === 'M' || cell === 'H' || cell === 'D' : cell !== 'E') n++;
  return n;
}

function isStatus(value: unknown): value is GameStatus {
  return typeof value === 'string' && (GAME_STATUSES as readonly string[]).includes(value);
}

/** A member from either server: the original has no presence (a member is there) nor deadlines. */
function readMember(raw: unknown): Member | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  if (typeof m.userId !== 'string' || typeof m.username !== 'string') return null;
  return {
    userId: m.userId,
    username: m.username,
    socketId: typeof m.socketId === 'string' ? m.socketId : null,
    hasToPlay: m.hasToPlay === true,
    connected: typeof m.connected === 'boolean' ? m.connected : true,
    awayUntil: typeof m.awayUntil === 'number' ? m.awayUntil : null,
    ...(m.bot === 'easy' || m.bot === 'medium' || m.bot === 'hard' || m.bot === null ? { bot: m.bot } : {}),
    ...(typeof m.isHost === 'boolean' ? { isHost: m.isHost } : {}),
    ...(m.title === 'BOT' ? { title: 'BOT' as const } : {}),
  };
}

/** The own fleet read from a SPEC own grid, whose ship cells hold their ship's key "1".."5". */
function fleetFromKeys(raw: unknown): ClientGameState['shipsIndexes'] {
  if (!Array.isArray(raw)) return null;
  const ships: Record<string, { x: number; y: number }[]> = {};
  raw.forEach((row: unknown, y) => {
    if (!Array.isArray(row)) return;
    row.forEach((cell: unknown, x) => {
      if (typeof cell !== 'string' || !/^[1-5]$/.test(cell)) return;
      const cells = ships[cell] ?? [];
      cells.push({ x, y });
      ships[cell] = cells;
    });
  });
  return fromWireFleet(ships);
}

function opponentOf(state: ClientGameState, me: string | null): string {
  return state.members.find((m) => m.userId !== me)?.userId ?? 'opponent';
}

/** Takes in one event; `me` is this client's user id (the shooter of the shots on its shot grid). */
export function absorb(state: ClientGameState, event: ServerEventName, payload: unknown, me: string | null): Intake {
  switch (event) {
    case 'gameStatus': {
      if (!isStatus(payload)) return { state, changes: [] };
      return { state: withStatus(state, payload), changes: ['gameStatus'] };
    }
    case 'members': {
      const members = Array.isArray(payload) ? payload.map(readMember).filter((m): m is Member => m !== null) : [];
      const membersAtShots =
        state.membersAtShots === null ? null : shotsOn(state.opponentBoats, false) + shotsOn(state.playerBoats, true);
      return { state: { ...state, members, membersAtShots }, changes: ['members'] };
    }
    case 'shipsIndexes':
      return { state: { ...state, shipsIndexes: fromWireFleet(payload) }, changes: ['shipsIndexes'] };
    case 'opponentShipsIndexes':
      return {
        state: { ...state, opponentShipsIndexes: fromWireShips(payload, state.membersAtShots !== null) },
        changes: ['opponentShipsIndexes'],
      };
    case 'opponentBoats':
      return { state: { ...state, opponentBoats: readGrid(payload) }, changes: ['opponentBoats'] };
    case 'winner':
      return { state: { ...state, winner: readWinner(payload) }, changes: ['winner'] };
    case 'match':
      return { state: { ...state, match: payload as ClientGameState['match'] }, changes: ['match'] };
    case 'playerBoats':
      return ownGrid(state, payload, me);
    case 'battlePlace':
      return shotGrid(state, payload, me);
  }
}

function readWinner(payload: unknown): Winner | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const w = payload as Record<string, unknown>;
  return typeof w.userId === 'string' && typeof w.username === 'string'
    ? { userId: w.userId, username: w.username }
    : null;
}

/**
 * A new status. Entering PLACE_SHIPS (a start or a replay) clears what the last round knew, which a
 * SPEC server does not send again (our servers send it all anyway).
 */
function withStatus(state: ClientGameState, status: GameStatus): ClientGameState {
  if (status !== 'PLACE_SHIPS' || state.gameStatus === 'PLACE_SHIPS' || state.membersAtShots === null) {
    return { ...state, gameStatus: status };
  }
  return {
    ...state,
    gameStatus: status,
    shipsIndexes: null,
    opponentShipsIndexes: {},
    battlePlace: null,
    winner: null,
  };
}

/** The own grid; from a SPEC server it also tells the own fleet and the opponent's last shot. */
function ownGrid(state: ClientGameState, payload: unknown, me: string | null): Intake {
  const playerBoats = readGrid(payload);
  let next: ClientGameState = { ...state, playerBoats };
  if (state.membersAtShots === null) return { state: next, changes: ['playerBoats'] };
  if (next.shipsIndexes === null) next = { ...next, shipsIndexes: fleetFromKeys(payload) };
  const shot = newShot(state.playerBoats, playerBoats);
  const cell = shot ? playerBoats[shot.y]?.[shot.x] : undefined;
  if (shot && (cell === 'M' || cell === 'H' || cell === 'D')) {
    next = { ...next, battlePlace: { shooterId: opponentOf(state, me), x: shot.x, y: shot.y, result: cell } };
    return { state: next, changes: ['playerBoats', 'battlePlace'] };
  }
  return { state: next, changes: ['playerBoats'] };
}

/**
 * `battlePlace`: the last shot (our servers) or this player's shot grid (the SPEC dialect). A grid
 * is the opponent board as this player knows it; the cell that changed is this player's last shot,
 * and the cells that turned D are the ship it sank.
 */
function shotGrid(state: ClientGameState, payload: unknown, me: string | null): Intake {
  if (!isGridPayload(payload)) {
    return { state: { ...state, battlePlace: payload as ClientGameState['battlePlace'] }, changes: ['battlePlace'] };
  }
  const grid = readGrid(payload);
  const before = state.opponentBoats;
  const fresh = state.membersAtShots === null;
  // Fewer shots than known: a new round (replay) started; what the last one knew is gone.
  const reset = shotsOn(grid, false) < shotsOn(before, false);
  let sunk: PartialShipMap = reset ? {} : state.opponentShipsIndexes;
  const cells = reset ? [] : newlySunk(before, grid);
  if (cells.length > 0) {
    const key: ShipKey | null = sunkShipKey(cells, sunk);
    if (key !== null) sunk = { ...sunk, [key]: cells };
  }
  const shot = reset ? null : newShot(before, grid);
  const cell = shot ? grid[shot.y]?.[shot.x] : undefined;
  const battlePlace =
    shot && (cell === 'M' || cell === 'H' || cell === 'D')
      ? { shooterId: me ?? 'me', x: shot.x, y: shot.y, result: cell }
      : reset
        ? null
        : state.battlePlace;
  const next: ClientGameState = {
    ...state,
    opponentBoats: grid,
    opponentShipsIndexes: orderShips(sunk),
    battlePlace,
    membersAtShots: fresh ? shotsOn(grid, false) + shotsOn(state.playerBoats, true) : state.membersAtShots,
  };
  return { state: next, changes: ['opponentBoats', 'battlePlace'] };
}

function orderShips(ships: PartialShipMap): PartialShipMap {
  const out: Partial<Record<ShipKey, PartialShipMap[ShipKey]>> = {};
  for (const key of SHIP_KEYS) if (ships[key]) out[key] = ships[key];
  return out as PartialShipMap;
}

/**
 * Takes in a broadside/2 `state` frame's view: the whole player view, so it replaces every part the
 * field events would have set (docs/protocol.md). Connection, slug and a closure are the client's own.
 */
export function absorbView(state: ClientGameState, view: PlayerStateView): ClientGameState {
  return {
    connected: state.connected,
    slug: state.slug,
    gameStatus: view.status,
    members: view.members,
    shipsIndexes: view.shipsIndexes,
    playerBoats: view.playerBoats,
    opponentBoats: view.opponentBoats,
    opponentShipsIndexes: view.opponentShipsIndexes,
    battlePlace: view.battlePlace,
    lastMove: view.lastMove ?? null,
    winner: view.winner,
    match: view.match,
    membersAtShots: null,
    closed: state.closed,
  };
}
