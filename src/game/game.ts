import { err, ok, type Result } from './result';
import { type Coord, GRID_SIZE, cellIndex, inBounds } from './grid';
import type { ShipMap } from './fleet';
import { validateFleet, type FleetError } from './placement';
import { resolveShot, type Shot, type ShotOutcome, type ShotSet } from './shots';
import { type Board, boardOf, boardsOf, keepBoards, MARK, withShots } from './boards';
import { turnShots } from './turn-shots';
import type { Rng } from './rng';
import { CLASSIC_RULES, type Rules } from './rules';

export const GAME_STATUSES = ['UNSTARTED', 'PLACE_SHIPS', 'PLAY', 'ENDED'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export const MAX_PLAYERS = 2;
/** How a round ended: the last ship sunk, a resignation, a forfeit after the grace period, the turn clock. */
export const END_REASONS = ['SUNK', 'RESIGN', 'FORFEIT', 'CLOCK'] as const;
export type EndReason = (typeof END_REASONS)[number];
export { TURN_SECONDS, type TurnSeconds } from './turn-clock';

/** Rule breaks a player can cause; the protocol adds transport-level codes on top. */
export type RuleError =
  | 'ROOM_FULL'
  | 'NOT_A_MEMBER'
  | 'WRONG_STATUS'
  | 'NEED_TWO_PLAYERS'
  | 'INVALID_FLEET'
  | 'NOT_YOUR_TURN'
  | 'ALREADY_SHOT'
  | 'OUT_OF_BOUNDS'
  /** A move with another number of shots than the rules allow this turn (see shotsAllowed). */
  | 'WRONG_SHOT_COUNT';

/** The whole game as the authority knows it. Plain data: it serialises and compares as is. */
export interface GameState {
  /** The rules the room plays under, fixed for its life (docs/game.md, "Rule variants"). */
  readonly rules: Rules;
  readonly status: GameStatus;
  /** Player ids in join order, at most two. */
  readonly players: readonly string[];
  /** Each player's placed fleet, absent until placed. */
  readonly fleets: Readonly<Record<string, ShipMap>>;
  /** Every shot of the current round, in order. */
  readonly shots: readonly Shot[];
  /** The player who has to shoot, during PLAY. */
  readonly turn: string | null;
  readonly winner: string | null;
  /** How the round ended, once ENDED. */
  readonly endReason: EndReason | null;
  /** Turns each player missed in a row this round (absent: none); a shot resets the shooter's count. */
  readonly missedTurns: Readonly<Record<string, number>>;
  /** Turns the clock passed this round: with the shots, the number of moves made. */
  readonly passedTurns: number;
}

/** The state of a round before any move: no fleets, shots, turn, winner or missed turns. */
export const FRESH_ROUND = {
  fleets: {},
  shots: [],
  turn: null,
  winner: null,
  endReason: null,
  missedTurns: {},
  passedTurns: 0,
} as const satisfies Partial<GameState>;

export function newGame(rules: Rules = CLASSIC_RULES): GameState {
  return { rules, status: 'UNSTARTED', players: [], ...FRESH_ROUND };
}

/** Every move of the round so far, shots and turns passed by the clock. */
export function moveCount(state: GameState): number {
  return state.shots.length + state.passedTurns;
}

export function opponentOf(state: GameState, playerId: string): string | undefined {
  return state.players.find((p) => p !== playerId);
}

/**
 * Cell indexes of the shots fired by `shooterId` (that is, at the opponent's fleet), read from the
 * whole shot list; the rules read the boards kept per state instead (boards.ts).
 */
export function shotsBy(state: GameState, shooterId: string): Set<number> {
  const set = new Set<number>();
  for (const s of state.shots) if (s.shooterId === shooterId) set.add(cellIndex(s));
  return set;
}

/** Adds a player; the same player joining again is a no-op. */
export function join(state: GameState, playerId: string): Result<GameState, RuleError> {
  if (state.players.includes(playerId)) return ok(state);
  if (state.players.length >= MAX_PLAYERS) return err('ROOM_FULL');
  return ok({ ...state, players: [...state.players, playerId] });
}

/** Any member may start, only with exactly two members and only from UNSTARTED. */
export function start(state: GameState, playerId: string): Result<GameState, RuleError> {
  if (!state.players.includes(playerId)) return err('NOT_A_MEMBER');
  if (state.status !== 'UNSTARTED') return err('WRONG_STATUS');
  if (state.players.length !== MAX_PLAYERS) return err('NEED_TWO_PLAYERS');
  return ok({ ...state, status: 'PLACE_SHIPS' });
}

export type PlaceError = RuleError | { readonly code: 'INVALID_FLEET'; readonly detail: FleetError };

/**
 * Records a player's fleet (it may be replaced until both are placed). When both fleets are in,
 * play starts and `rng` picks who shoots first.
 */
export function placeShips(
  state: GameState,
  playerId: string,
  fleet: ShipMap,
  rng: Rng,
): Result<GameState, PlaceError> {
  if (!state.players.includes(playerId)) return err('NOT_A_MEMBER');
  if (state.status !== 'PLACE_SHIPS') return err('WRONG_STATUS');
  const valid = validateFleet(fleet, state.rules);
  if (!valid.ok) return err({ code: 'INVALID_FLEET', detail: valid.error });
  const fleets = { ...state.fleets, [playerId]: valid.value };
  const ready = state.players.length === MAX_PLAYERS && state.players.every((p) => fleets[p] !== undefined);
  if (!ready) return ok({ ...state, fleets });
  const first = state.players[rng.int(MAX_PLAYERS)] ?? null;
  return ok({ ...state, fleets, status: 'PLAY', turn: first });
}

/**
 * How many shots `playerId` fires this turn: turnShots (turn-shots.ts) read off the game
 * state. 0 under salvo rules when the player has no fleet.
 */
export function shotsAllowed(state: GameState, playerId: string): number {
  const opponent = opponentOf(state, playerId);
  const own = opponent === undefined ? undefined : boardOf(state, playerId);
  const theirs = opponent === undefined ? undefined : boardOf(state, opponent);
  return turnShots({
    rules: state.rules,
    fleet: opponent === undefined ? undefined : state.fleets[playerId],
    shotsAtFleet: own ? shotSetOf(own) : NO_SHOTS,
    unshotTargets: GRID_SIZE * GRID_SIZE - (theirs?.marked ?? 0),
  });
}

const NO_SHOTS: ShotSet = { has: () => false };

/** The cells shot at on a board, as the rules ask about them. */
function shotSetOf(board: Board): ShotSet {
  return { has: (cell) => board.marks[cell] !== MARK.NONE };
}

export interface ShotApplied {
  readonly state: GameState;
  /** The first (under one-shot rules the only) shot of the move and its outcome. */
  readonly shot: Shot;
  readonly outcome: ShotOutcome;
}

export interface SalvoApplied {
  readonly state: GameState;
  /** The move's shots and their outcomes, in the order they were fired. */
  readonly shots: readonly Shot[];
  readonly outcomes: readonly ShotOutcome[];
}

/**
 * One move: `targets` fired together, answered in order (docs/game.md). Only the player whose turn
 * it is moves, with exactly shotsAllowed cells, all distinct and never shot before. The last sink
 * ends the game (shots after it in the same salvo still count, as misses); otherwise the turn
 * passes, unless the rules keep it after a hit (`again: 'hit'`) and one of the shots hit or sank.
 */
export function fire(state: GameState, playerId: string, targets: readonly Coord[]): Result<SalvoApplied, RuleError> {
  if (!state.players.includes(playerId)) return err('NOT_A_MEMBER');
  if (state.status !== 'PLAY') return err('WRONG_STATUS');
  if (state.turn !== playerId) return err('NOT_YOUR_TURN');
  if (!targets.every(inBounds)) return err('OUT_OF_BOUNDS');
  const opponent = opponentOf(state, playerId);
  const fleet = opponent === undefined ? undefined : state.fleets[opponent];
  if (opponent === undefined || fleet === undefined) return err('WRONG_STATUS');
  // The opponent's board as kept with this state (boards.ts): only this move's cells are looked at.
  const boards = boardsOf(state);
  const target = state.players.indexOf(opponent);
  const board = boards[target];
  if (board === undefined) return err('WRONG_STATUS');
  const indexes = targets.map(cellIndex);
  for (const [i, index] of indexes.entries()) {
    if (board.marks[index] !== MARK.NONE || indexes.indexOf(index) !== i) return err('ALREADY_SHOT');
  }
  if (targets.length !== shotsAllowed(state, playerId)) return err('WRONG_SHOT_COUNT');
  const shots: Shot[] = [];
  const outcomes: ShotOutcome[] = [];
  let won = false;
  for (const [i, target] of targets.entries()) {
    // Shot before: on the board, or earlier in this move.
    const earlier = indexes.slice(0, i);
    const fired: ShotSet = { has: (cell) => board.marks[cell] !== MARK.NONE || earlier.includes(cell) };
    const outcome = resolveShot(fleet, fired, target);
    won ||= outcome.won;
    outcomes.push(outcome);
    shots.push({ shooterId: playerId, x: target.x, y: target.y, result: outcome.result });
  }
  const missedTurns = state.missedTurns[playerId] ? { ...state.missedTurns, [playerId]: 0 } : state.missedTurns;
  const all = [...state.shots, ...shots];
  const keep = state.rules.again === 'hit' && outcomes.some((o) => o.result !== 'M');
  const next: GameState = won
    ? { ...state, shots: all, missedTurns, status: 'ENDED', turn: null, winner: playerId, endReason: 'SUNK' }
    : { ...state, shots: all, missedTurns, turn: keep ? playerId : opponent };
  keepBoards(
    next,
    boards.map((b, i) => (i === target ? withShots(board, shots) : b)),
  );
  return ok({ state: next, shots, outcomes });
}

/** A move of one shot (fire with one target); under salvo rules only when one shot is allowed. */
export function shoot(state: GameState, playerId: string, target: Coord): Result<ShotApplied, RuleError> {
  const move = fire(state, playerId, [target]);
  if (!move.ok) return move;
  const [shot] = move.value.shots;
  const [outcome] = move.value.outcomes;
  if (!shot || !outcome) return err('WRONG_SHOT_COUNT');
  return ok({ state: move.value.state, shot, outcome });
}

/** From ENDED: same players, fresh boards, back to PLACE_SHIPS. */
export function replay(state: GameState, playerId: string): Result<GameState, RuleError> {
  if (!state.players.includes(playerId)) return err('NOT_A_MEMBER');
  if (state.status !== 'ENDED') return err('WRONG_STATUS');
  return ok({ ...state, status: 'PLACE_SHIPS', ...FRESH_ROUND });
}
