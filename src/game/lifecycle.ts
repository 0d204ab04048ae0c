import { err, ok, type Result } from './result';
import { type GameState, type EndReason, opponentOf, type RuleError } from './game';
import { carryBoards } from './boards';

/** The third turn in a row a player lets the clock take loses the game. */
export const MAX_MISSED_TURNS = 3;

/** A member of a game in PLAY, and the other one; or the reason the move does not apply. */
function playing(state: GameState, playerId: string): Result<string, RuleError> {
  if (!state.players.includes(playerId)) return err('NOT_A_MEMBER');
  if (state.status !== 'PLAY') return err('WRONG_STATUS');
  const opponent = opponentOf(state, playerId);
  return opponent === undefined ? err('WRONG_STATUS') : ok(opponent);
}

function lose(state: GameState, opponent: string, endReason: EndReason): GameState {
  return carryBoards(state, { ...state, status: 'ENDED', turn: null, winner: opponent, endReason });
}

/** The player gives up during PLAY: the opponent wins by resignation. */
export function resign(state: GameState, playerId: string): Result<GameState, RuleError> {
  const other = playing(state, playerId);
  return other.ok ? ok(lose(state, other.value, 'RESIGN')) : other;
}

/**
 * Whether a player's absence can end the game by forfeit: only during PLAY, only while that player
 * is away and the opponent is connected to claim it. With both away nobody claims anything.
 */
export function forfeitClaimable(
  state: GameState,
  absent: { readonly connected: boolean },
  claimant: { readonly connected: boolean } | undefined,
): boolean {
  return state.status === 'PLAY' && !absent.connected && claimant?.connected === true;
}

/** The player stayed away past the grace period during PLAY: the opponent wins by forfeit. */
export function forfeit(state: GameState, absentPlayerId: string): Result<GameState, RuleError> {
  const other = playing(state, absentPlayerId);
  return other.ok ? ok(lose(state, other.value, 'FORFEIT')) : other;
}

/**
 * The clock ran out on `playerId`'s turn: the turn passes to the opponent and counts as missed;
 * the MAX_MISSED_TURNS-th missed turn in a row loses the game (reason CLOCK).
 */
export function passTurn(state: GameState, playerId: string): Result<GameState, RuleError> {
  const other = playing(state, playerId);
  if (!other.ok) return other;
  if (state.turn !== playerId) return err('NOT_YOUR_TURN');
  const missed = (state.missedTurns[playerId] ?? 0) + 1;
  const next: GameState = carryBoards(state, {
    ...state,
    missedTurns: { ...state.missedTurns, [playerId]: missed },
    passedTurns: state.passedTurns + 1,
  });
  return ok(
    missed >= MAX_MISSED_TURNS ? lose(next, other.value, 'CLOCK') : carryBoards(next, { ...next, turn: other.value }),
  );
}

/** A member leaves a room whose game has not started; the seat is free again. */
export function leave(state: GameState, playerId: string): Result<GameState, RuleError> {
  if (!state.players.includes(playerId)) return err('NOT_A_MEMBER');
  if (state.status !== 'UNSTARTED') return err('WRONG_STATUS');
  return ok({ ...state, players: state.players.filter((p) => p !== playerId) });
}
