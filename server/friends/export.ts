import type { ChallengeStore } from './challenge-store';
import type { Friends } from './friends';
import type { Messages } from './messages';

/** The account's friends, its requests both ways, and who may challenge it (`GET /users/me/export`, "friends"). */
export async function exportFriends(friends: Friends, challenges: ChallengeStore, userId: string): Promise<unknown> {
  const [list, received, sent, from] = await Promise.all([
    friends.list(userId),
    friends.requests(userId, 'received'),
    friends.requests(userId, 'sent'),
    challenges.challengesFrom(userId),
  ]);
  return { friends: list, requestsReceived: received, requestsSent: sent, challengesFrom: from ?? 'everyone' };
}

/** Every direct message the account sent or received (`GET /users/me/export`, "messages"). */
export async function exportMessages(messages: Messages, userId: string): Promise<unknown> {
  return messages.exported(userId);
}
