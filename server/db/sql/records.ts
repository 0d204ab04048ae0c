import type { Kysely } from 'kysely';
import type { PlayedGames } from '../records';
import type { Database } from '../schema';

/**
 * The user's finished games grouped by rules and by whether the opponent was the server's computer
 * (`users.bot_level`), with the games won: what records.ts adds up into the per-rules statistics
 * (SqlRatings.recordsOf) and the profile's totals (SqlUsers.record).
 */
export async function playedGames(db: Kysely<Database>, userId: string): Promise<PlayedGames[]> {
  const rows = await db
    .selectFrom('games')
    .innerJoin('members as me', 'me.room_slug', 'games.room_slug')
    .innerJoin('members as them', 'them.room_slug', 'games.room_slug')
    .innerJoin('users as opponent', 'opponent.id', 'them.user_id')
    .where('me.user_id', '=', userId)
    .where('them.user_id', '!=', userId)
    .where('games.ended_at', 'is not', null)
    .select((eb) => [
      'games.rules as rules',
      eb.case().when('opponent.bot_level', 'is', null).then(0).else(1).end().as('computer'),
      eb.fn.countAll<number>().as('played'),
      eb.fn.sum<number>(eb.case().when('games.winner_id', '=', userId).then(1).else(0).end()).as('won'),
    ])
    .groupBy(['games.rules', 'computer'])
    .execute();
  return rows.map((row) => ({
    rules: row.rules,
    computer: Number(row.computer) === 1,
    played: Number(row.played),
    won: Number(row.won ?? 0),
  }));
}
