import type { Rules } from '../../game';
import type { BattlePlace, Member } from '../../protocol/types';

/**
 * Under "another shot after a hit" rules (docs/game.md, "Rule variants") the turn stays with the
 * shooter after a hit or a sink. The turn indicator says so, so that a turn that does not pass
 * reads as the rule, not as a stall: `again` when this player shoots again, `theirAgain` when the
 * opponent does, null otherwise. Pure.
 */
export type TurnNote = 'again' | 'theirAgain' | null;

export function turnNote(state: {
  readonly rules: Rules;
  readonly userId: string | null;
  readonly members: readonly Pick<Member, 'userId' | 'hasToPlay'>[];
  readonly battlePlace: BattlePlace | null;
}): TurnNote {
  const shot = state.battlePlace;
  if (state.rules.again !== 'hit' || !shot || shot.result === 'M') return null;
  const shooterPlays = state.members.some((m) => m.userId === shot.shooterId && m.hasToPlay);
  if (!shooterPlays) return null;
  return shot.shooterId === state.userId ? 'again' : 'theirAgain';
}
