import { proxy } from 'valtio';
import {
  type Coord,
  fleetKeys,
  type GameStatus,
  moveShip,
  type PlacementError,
  randomFleet,
  randomRng,
  type Result,
  type Rules,
  rotateShip,
  type ShipKey,
  type ShipMap,
  shipEntries,
  shipLength,
} from '../../game';
import { keptAim, toggleAim as toggleAimAt, type AimChange } from '../rules/salvo-aim';
import { type ClientGameState, initialGameState, shotsThisTurn, type StateChange } from '../../protocol/client-state';
import type { Member } from '../../protocol/types';
import { nextClockOffset } from '../session/clock';
import { departedMembers } from '../session/presence';
import { forgetDraft, keepDraft, keptDraft } from './draft-keeper';
import { nextHold, type RematchHold } from './rematch-hold';

/** The server's side of the store: exactly what GameClient keeps, made writable for valtio. */
type ServerSide = { -readonly [K in Exclude<keyof ClientGameState, 'slug'>]: ClientGameState[K] };

/**
 * The game as the browser knows it: the server's view (fed by GameClient) plus the fleet being
 * arranged during placement. The Pixi stage is a function of this store (docs/architecture.md).
 */
export interface GameStoreState extends ServerSide {
  /** The logged-in player's id, to tell own and opponent data apart. */
  userId: string | null;
  slug: string | null;
  /** The fleet being arranged during PLACE_SHIPS; starts as a random legal layout (docs/game.md, The rules). */
  draft: ShipMap;
  /** True once the server accepted this player's fleet, while waiting for the opponent's. */
  fleetSubmitted: boolean;
  /** How far the server's clock is ahead of this one, from the `match` events' `serverNow`; null before the first. */
  clockOffsetMs: number | null;
  /**
   * The next round, held back while this player still looks at the last round's final boards and
   * result: the opponent replayed, this player has not chosen to go on yet.
   */
  rematch: RematchHold<ClientGameState> | null;
  /** True from this player's replay (or acceptance of the opponent's) until the new placement shows. */
  replayAsked: boolean;
  /** Who left the lobby (leaveRoom), shown to the member who stays until someone joins. */
  departed: string[];
  /** Under salvo rules, the cells aimed at this turn, fired together (docs/game.md, "Rule variants"). */
  aim: Coord[];
}

export function initialGameStore(): GameStoreState {
  const { slug: _unused, ...server } = initialGameState('');
  return {
    ...server,
    userId: null,
    slug: null,
    draft: randomFleet(randomRng()),
    fleetSubmitted: false,
    clockOffsetMs: null,
    rematch: null,
    replayAsked: false,
    departed: [],
    aim: [],
  };
}

export const gameStore = proxy<GameStoreState>(initialGameStore());

export function resetGameStore(userId: string | null, slug: string | null): void {
  Object.assign(gameStore, initialGameStore(), { userId, slug });
}

/**
 * Copies a GameClient state into the store. `change` names what produced it: a field event, or a
 * whole broadside/2 `state` frame. Only a `shipsIndexes` event or a whole frame says whether this
 * round's fleet is in, because with field events a replay's new status can arrive before the
 * previous round's fleet is cleared. A new round the opponent started while this player looks at
 * the end of the last one is held back (see `rematch`).
 */
export function applyServerState(state: ClientGameState, change?: StateChange): void {
  if ((change === 'match' || change === 'state') && state.match.serverNow > 0) {
    gameStore.clockOffsetMs = nextClockOffset(gameStore.clockOffsetMs, state.match.serverNow, Date.now());
  }
  const hold = nextHold({
    shown: gameStore.gameStatus,
    incoming: state,
    incomingStatus: state.gameStatus,
    rematchBy: state.match.rematchBy,
    hold: gameStore.rematch,
    askedReplay: gameStore.replayAsked,
    selfId: gameStore.userId,
  });
  gameStore.rematch = hold;
  if (hold) {
    // The final boards and result stay; who is there and the connection stay live.
    gameStore.connected = state.connected;
    gameStore.members = [...state.members];
    return;
  }
  show(state, change);
}

/** The player goes on from the final boards to the round the opponent started. */
export function acceptRematch(): void {
  const hold = gameStore.rematch;
  if (!hold) return;
  gameStore.rematch = null;
  // From now on the new round is this player's choice too: its frames still on the way are shown.
  gameStore.replayAsked = true;
  show(hold.latest);
}

function show(state: ClientGameState, change?: StateChange): void {
  const previousStatus = gameStore.gameStatus;
  const previousMembers = gameStore.members;
  Object.assign(gameStore, {
    connected: state.connected,
    gameStatus: state.gameStatus,
    members: [...state.members],
    shipsIndexes: state.shipsIndexes,
    playerBoats: state.playerBoats,
    opponentBoats: state.opponentBoats,
    opponentShipsIndexes: state.opponentShipsIndexes,
    battlePlace: state.battlePlace,
    lastMove: state.lastMove,
    winner: state.winner,
    match: state.match,
  });
  if (state.gameStatus === 'UNSTARTED' && previousStatus === 'UNSTARTED') {
    const left = departedMembers(previousMembers, state.members, gameStore.userId);
    if (left.length > 0) gameStore.departed = left;
    else if (state.members.length > previousMembers.length) gameStore.departed = [];
  }
  keepAim();
  if (state.gameStatus !== 'PLACE_SHIPS') {
    // Placement is over (or not begun): nothing to keep. Before the first status nothing is known.
    if (state.gameStatus !== null) forgetOwnDraft();
    return;
  }
  const enteringPlacement = previousStatus !== 'PLACE_SHIPS';
  const rules = state.match.rules;
  if (enteringPlacement) {
    // A new placement round (first game or replay) starts from a fresh random layout, or from the
    // one this player was arranging before a reload (draft-keeper.ts).
    gameStore.fleetSubmitted = false;
    gameStore.replayAsked = false;
    setDraft(ownKeptDraft(rules) ?? randomFleet(randomRng(), rules));
  } else if (!isFleetOf(gameStore.draft, rules)) {
    // The room's rules can arrive after the status: the layout is dealt again for their fleet.
    setDraft(ownKeptDraft(rules) ?? randomFleet(randomRng(), rules));
  }
  if (change === 'shipsIndexes' || change === 'state' || (change === undefined && !enteringPlacement)) {
    gameStore.fleetSubmitted = state.shipsIndexes !== null;
    // A fleet the server has needs no keeping.
    if (gameStore.fleetSubmitted) forgetOwnDraft();
  }
}

/** The draft changes, and is kept for a reload while this player arranges it. */
function setDraft(fleet: ShipMap): void {
  gameStore.draft = fleet;
  const { userId, slug } = gameStore;
  if (userId && slug && canEditDraft(gameStore)) keepDraft(userId, slug, fleet);
}

function ownKeptDraft(rules: Rules): ShipMap | null {
  const { userId, slug } = gameStore;
  return userId && slug ? keptDraft(userId, slug, rules) : null;
}

function forgetOwnDraft(): void {
  const { userId, slug } = gameStore;
  if (userId && slug) forgetDraft(userId, slug);
}

/** Read-only helpers, usable on a snapshot as well as on the store. */
export function isMyTurn(state: {
  readonly members: readonly Member[];
  readonly userId: string | null;
  readonly gameStatus: GameStatus | null;
}): boolean {
  return state.gameStatus === 'PLAY' && state.members.some((m) => m.userId === state.userId && m.hasToPlay);
}

export function canEditDraft(state: Pick<GameStoreState, 'gameStatus' | 'fleetSubmitted'>): boolean {
  return state.gameStatus === 'PLACE_SHIPS' && !state.fleetSubmitted;
}

/** docs/game.md, The rules: a move that breaks bounds or overlaps is ignored; the reason comes back for feedback. */
export function moveDraftShip(ship: ShipKey, to: Coord): Result<ShipMap, PlacementError | 'LOCKED'> {
  if (!canEditDraft(gameStore)) return { ok: false, error: 'LOCKED' };
  const moved = moveShip(gameStore.draft, ship, to);
  if (moved.ok) setDraft(moved.value);
  return moved;
}

/** Rotation around the first cell; refused the same way as a move. */
export function rotateDraftShip(ship: ShipKey): Result<ShipMap, PlacementError | 'LOCKED'> {
  if (!canEditDraft(gameStore)) return { ok: false, error: 'LOCKED' };
  const rotated = rotateShip(gameStore.draft, ship);
  if (rotated.ok) setDraft(rotated.value);
  return rotated;
}

export function shuffleDraft(): void {
  if (canEditDraft(gameStore)) setDraft(randomFleet(randomRng(), gameStore.match.rules));
}

/** True when `fleet` has exactly the ships of the rules' fleet, each of its length (wherever they are). */
export function isFleetOf(fleet: ShipMap, rules: Rules): boolean {
  const keys = fleetKeys(rules);
  const ships = shipEntries(fleet);
  return ships.length === keys.length && ships.every(([key, cells]) => cells.length === shipLength(key, rules));
}

/** Shots this player fires this turn: src/game's one rule, read off the view (shotsThisTurn). */
export const shotsAllowed = shotsThisTurn;

/** Salvo: aims at a cell or takes the aim back, on this player's turn only; says what happened. */
export function toggleAim(at: Coord): AimChange | 'LOCKED' {
  if (!isMyTurn(gameStore)) return 'LOCKED';
  const next = toggleAimAt(gameStore.aim, at, shotsAllowed(gameStore), gameStore.opponentBoats);
  if (next.aimed !== gameStore.aim) gameStore.aim = [...next.aimed];
  return next.change;
}

export function clearAim(): void {
  if (gameStore.aim.length > 0) gameStore.aim = [];
}

/** The aim survives a change of the view only on this player's turn, and only at cells still unshot. */
function keepAim(): void {
  if (gameStore.aim.length === 0) return;
  if (!isMyTurn(gameStore)) {
    gameStore.aim = [];
    return;
  }
  const kept = keptAim(gameStore.aim, shotsAllowed(gameStore), gameStore.opponentBoats);
  if (kept !== gameStore.aim) gameStore.aim = [...kept];
}

/** A shot may leave only on the player's turn and at a cell not yet shot (docs/game.md, In the browser). */
export function mayShoot(
  state: Parameters<typeof isMyTurn>[0] & { readonly opponentBoats: readonly (readonly string[])[] },
  target: Coord,
): boolean {
  return isMyTurn(state) && state.opponentBoats[target.y]?.[target.x] === 'E';
}
