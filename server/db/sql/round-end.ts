import type { CompiledQuery, Kysely } from 'kysely';
import type { RoundEnd } from '../storage';
import type { Database } from '../schema';

/** The columns of `games` that close a round: the one place its winner, time and reason are written. */
export function roundEndColumns(end: RoundEnd, endedAt: number) {
  return { winner_id: end.winner, ended_at: endedAt, end_reason: end.reason };
}

/**
 * The two writes that close a round: the game gets its winner and reason, the room is ENDED. Run
 * inside the transaction of the move that ended it (or alone, for a resignation or a forfeit).
 */
export function closeRoundQueries(
  db: Kysely<Database>,
  slug: string,
  gameId: number,
  end: RoundEnd,
  endedAt: number,
): [CompiledQuery, CompiledQuery] {
  return [
    db.updateTable('games').set(roundEndColumns(end, endedAt)).where('id', '=', gameId).compile(),
    db.updateTable('rooms').set({ status: 'ENDED' }).where('slug', '=', slug).compile(),
  ];
}
