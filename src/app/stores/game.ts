import { proxy } from 'valtio';
import {
  type Coord,
  type GameStatus,
  moveShip,
  type PlacementError,
  randomFleet,
  randomRng,
  type Result,
  rotateShip,
  type ShipKey,
  type ShipMap,
} from '../../game';
import { type ClientGameState, initialGameState } from '../../protocol/client-state';
import type { Member, ServerEventName } from '../../protocol/types';

/** The server's side of the store: exactly what GameClient keeps, made writable for valtio. */
type ServerSide = { -readonly [K in Exclude<keyof ClientGameState, 'slug'>]: ClientGameState[K] };

/**
 * The game as the browser knows it: the server's view (fed by GameClient) plus the fleet being
 * arranged during placement. The Pixi stage is a function of this store (DESIGN.md §4).
 */
export interface GameStoreState extends ServerSide {
  /** The logged-in player's id, to tell own and opponent data apart. */
  userId: string | null;
  slug: string | null;
  /** The fleet being arranged during PLACE_SHIPS; starts as a random legal layout (SPEC §4). */
  draft: ShipMap;
  /** True once the server accepted this player's fleet, while waiting for the opponent's. */
  fleetSubmitted: boolean;
}

export function initialGameStore(): GameStoreState {
  const { slug: _unused, ...server } = initialGameState('');
  return { ...server, userId: null, slug: null, draft: randomFleet(randomRng()), fleetSubmitted: false };
}

export const gameStore = proxy<GameStoreState>(initialGameStore());

export function resetGameStore(userId: string | null, slug: string | null): void {
  Object.assign(gameStore, initialGameStore(), { userId, slug });
}

/**
 * Copies a GameClient state into the store. `change` names the event that produced it: only a
 * `shipsIndexes` event says whether this round's fleet is in, because on a replay the new status
 * can arrive before the previous round's fleet is cleared.
 */
export function applyServerState(state: ClientGameState, change?: ServerEventName | 'connected'): void {
  const previousStatus = gameStore.gameStatus;
  Object.assign(gameStore, {
    connected: state.connected,
    gameStatus: state.gameStatus,
    members: [...state.members],
    shipsIndexes: state.shipsIndexes,
    playerBoats: state.playerBoats,
    opponentBoats: state.opponentBoats,
    opponentShipsIndexes: state.opponentShipsIndexes,
    battlePlace: state.battlePlace,
    winner: state.winner,
  });
  if (state.gameStatus !== 'PLACE_SHIPS') return;
  const enteringPlacement = previousStatus !== 'PLACE_SHIPS';
  if (enteringPlacement) {
    // A new placement round (first game or replay) starts from a fresh random layout.
    gameStore.fleetSubmitted = false;
    gameStore.draft = randomFleet(randomRng());
  }
  if (change === 'shipsIndexes' || (change === undefined && !enteringPlacement)) {
    gameStore.fleetSubmitted = state.shipsIndexes !== null;
  }
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

/** SPEC §4: a move that breaks bounds or overlaps is ignored; the reason comes back for feedback. */
export function moveDraftShip(ship: ShipKey, to: Coord): Result<ShipMap, PlacementError | 'LOCKED'> {
  if (!canEditDraft(gameStore)) return { ok: false, error: 'LOCKED' };
  const moved = moveShip(gameStore.draft, ship, to);
  if (moved.ok) gameStore.draft = moved.value;
  return moved;
}

/** Rotation around the first cell; refused the same way as a move. */
export function rotateDraftShip(ship: ShipKey): Result<ShipMap, PlacementError | 'LOCKED'> {
  if (!canEditDraft(gameStore)) return { ok: false, error: 'LOCKED' };
  const rotated = rotateShip(gameStore.draft, ship);
  if (rotated.ok) gameStore.draft = rotated.value;
  return rotated;
}

export function shuffleDraft(): void {
  if (canEditDraft(gameStore)) gameStore.draft = randomFleet(randomRng());
}

type ShotHandler = (target: Coord) => void;
let shotHandler: ShotHandler | null = null;

/** The game session registers how a shot reaches the server; the stage only calls requestShot. */
export function setShotHandler(handler: ShotHandler | null): void {
  shotHandler = handler;
}

/** Sends a shot only on the player's turn and on a cell not yet shot (SPEC §5). */
export function requestShot(target: Coord): boolean {
  if (!isMyTurn(gameStore) || !shotHandler) return false;
  if (gameStore.opponentBoats[target.y]?.[target.x] !== 'E') return false;
  shotHandler(target);
  return true;
}
