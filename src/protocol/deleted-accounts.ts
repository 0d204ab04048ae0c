/*
 * A deleted account (docs/protocol.md, "Deleting an account"): its row stays so that its games stay
 * in the other players' histories, under a reserved name that no sign-up can take (spaces and
 * parentheses are refused there) and that is unique per account. Clients show it as "deleted
 * player" in the reader's language. No zod here: the app's first paint imports this file.
 */

const PREFIX = 'Deleted player (';

/** The stored name of the deleted account `userId`: the one every payload carries from then on. */
export function deletedUsername(userId: string): string {
  return `${PREFIX}${userId})`;
}

/** True when `username` is a deleted account's reserved name. */
export function isDeletedName(username: string): boolean {
  return username.startsWith(PREFIX) && username.endsWith(')');
}
