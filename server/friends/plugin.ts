import fp from 'fastify-plugin';
import { Mutes } from '../chat/mutes';
import { TalkLimiter } from '../chat/talk-limiter';
import type { ServerContext } from '../context';
import { makeLimiter } from '../rate-limiter';
import { ChallengeStore } from './challenge-store';
import { Challenges } from './challenges';
import { exportFriends, exportMessages } from './export';
import { forgetFriendsAndMessages } from './forget';
import { FriendStore } from './friend-store';
import { Friends } from './friends';
import { servePeople } from './lobby-handlers';
import { MessageStore } from './message-store';
import { Messages } from './messages';
import { People } from './people';
import { PresenceBook } from './presence';
import { friendsRoutes } from './routes';

/** Challenges one account may send within CHALLENGE_WINDOW_SECONDS, on every node together. */
const CHALLENGES_PER_WINDOW = 30;
const CHALLENGE_WINDOW_SECONDS = 10 * 60;

/**
 * Friends, presence, challenges and direct messages (docs/protocol.md, "Friends", "Challenges",
 * "Direct messages"): the original system's /friends and /messages routes and ours, and what /lobby
 * carries for people. A block ends the friendship, the requests and the challenges between the two;
 * a deleted account takes its friendships, requests, challenges and messages with it.
 */
export const friendsPlugin = fp<ServerContext>(
  async (app, ctx) => {
    const { store, lobby, nsp, blocks, registry, dispatcher, botGames, moderation, config, redis, identify } = ctx;
    const db = store.db;
    const log = app.log;
    const people = new People(db);
    const friendStore = new FriendStore(db);
    const challengeStore = new ChallengeStore(db);
    const presence = new PresenceBook({ lobby, nsp, db, friends: friendStore, log });
    presence.followRooms(registry);
    const friends = new Friends({ store: friendStore, people, blocks, presence, lobby });
    const challenges = new Challenges({
      store: challengeStore,
      people,
      friends,
      blocks,
      presence,
      lobby,
      registry,
      dispatch: dispatcher.dispatch,
      botGames,
      sent: makeLimiter(
        { keyPrefix: 'broadside:challenges', points: CHALLENGES_PER_WINDOW, duration: CHALLENGE_WINDOW_SECONDS },
        redis,
      ),
      sentPerWindow: CHALLENGES_PER_WINDOW,
      lifetimeMs: config.challengeMs,
      log,
    });
    const messages = new Messages({
      store: new MessageStore(db),
      people,
      friends,
      blocks,
      moderation,
      mutes: new Mutes(db),
      talk: new TalkLimiter(
        'CHAT_LINES',
        { points: config.chatLinesPerWindow, seconds: config.chatWindowSeconds },
        redis,
      ),
      lobby,
    });
    ctx.onStop(() => {
      presence.close();
      challenges.close();
    });

    // A player who left the site takes back the challenges they sent.
    presence.onDeparted((userId) => {
      challenges
        .withdrawAllFrom(userId)
        .catch((error: unknown) => log.error({ err: error }, 'withdrawing challenges failed'));
    });
    // A block ends what the two had: friendship, requests, challenges.
    blocks.onChange(async ({ userId, blockedId, blocked }) => {
      if (!blocked) return;
      await friends.endBetween(userId, blockedId);
      await challenges.endBetween(userId, blockedId);
    });
    // A deleted account's friends, requests, challenges and messages go in the deletion's transaction;
    // its former friends are told once it is committed.
    ctx.accountHooks.onDelete(async (userId, tx) => {
      const { formerFriends } = await forgetFriendsAndMessages(tx, userId);
      setTimeout(() => {
        for (const friend of formerFriends) friends.tellRemoved(friend, userId);
      }, 50).unref();
    });
    ctx.accountHooks.onExport('friends', (userId) => exportFriends(friends, challengeStore, userId));
    ctx.accountHooks.onExport('messages', (userId) => exportMessages(messages, userId));
    // A report of a player from a conversation keeps its transcript (server/chat/transcripts.ts).
    ctx.transcripts.add('conversation', (reporterId, targetId) => messages.transcript(reporterId, targetId));

    friendsRoutes(app, { identify, friends, messages, presence, challengeStore });
    servePeople(lobby, { friends, challenges, messages, presence, log });
  },
  { name: 'friends' },
);
