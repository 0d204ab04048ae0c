import { boardOf } from './boards';
import { GRID_SIZE } from './grid';
import { type GameState, opponentOf } from './game';
import type { Shot } from './shots';

/**
 * The shots of the round's last move, in the order they were fired (docs/game.md, "Rule variants"):
 * one shot under one-shot rules, a whole salvo under salvo rules. The state keeps every shot in
 * order but not where moves begin, so the salvo is measured: between two moves of one player (the
 * turn kept after a hit, or the opponent's turn passed by the clock) the opponent fired nothing, so
 * the shooter's ships afloat — the size of each of its salvos — did not change; only a salvo capped
 * by the cells left unshot is smaller, and that one shoots every cell left, so it is the last.
 */
export function lastMove(state: GameState): Shot[] {
  const { shots } = state;
  const last = shots[shots.length - 1];
  if (!last) return [];
  if (state.rules.shots === 'one') return [last];
  let start = shots.length - 1;
  while (start > 0 && shots[start - 1]?.shooterId === last.shooterId) start--;
  const run = shots.length - start;
  // The shooter's board holds the opponent's shots (its ships afloat); the opponent's, the shooter's.
  const own = boardOf(state, last.shooterId);
  const opponent = opponentOf(state, last.shooterId);
  const target = opponent === undefined ? undefined : boardOf(state, opponent);
  const size = Math.max(1, Math.min(own?.fleet ? own.afloat : run, run));
  const unshot = GRID_SIZE * GRID_SIZE - (target?.marked ?? 0);
  const count = unshot === 0 ? ((run - 1) % size) + 1 : size;
  return shots.slice(shots.length - count);
}
