import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What forgetting an account took away: the players who were its friends (to tell them). */
export interface Forgotten {
  readonly formerFriends: readonly string[];
}

/**
 * Deletes everything friends, challenges and direct messages hold about an account, in one
 * transaction (`tx` when the caller already has one): its friendships (both sides), its friend
 * requests sent and received, its challenges, and every direct message it sent or received (a
 * conversation with a deleted account goes whole). Called when an account is deleted
 * (docs/protocol.md, "Deleting an account"); the rows would also go with the account's `users` row
 * (ON DELETE CASCADE), which an anonymised account keeps.
 */
export async function forgetFriendsAndMessages(db: Kysely<Database>, userId: string): Promise<Forgotten> {
  const run = async (tx: Kysely<Database>): Promise<Forgotten> => {
    const friends = await tx.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).execute();
    await tx
      .deleteFrom('friendships')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
      .execute();
    await tx
      .deleteFrom('friend_requests')
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .execute();
    await tx
      .deleteFrom('challenges')
      .where((eb) => eb.or([eb('challenger_id', '=', userId), eb('challenged_id', '=', userId)]))
      .execute();
    await tx
      .deleteFrom('direct_messages')
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .execute();
    await tx.updateTable('users').set({ challenges_from: 'everyone' }).where('id', '=', userId).execute();
    return { formerFriends: friends.map((row) => row.friend_id) };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
