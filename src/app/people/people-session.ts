import type { Challenge, ChallengePayload, DeclineReason } from '../../protocol/challenges';
import type { PeopleRoutes } from '../../protocol/capabilities';
import type { AddFriendResponse } from '../../protocol/friends';
import type { PeopleClient } from '../../protocol/people-client';
import { type Ack, isErrorAck } from '../../protocol/types';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { peopleStore, resetPeopleStore } from '../stores/people';
import { serverUrl } from '../stores/server';
import type { User } from '../stores/user';
import { friendsApi } from './friends-api';
import { afterAccept, afterAdd, ORIGINAL_POLL_MS, type PeopleLists } from './original-people';
import { challengeClockOffset, challengeOutcomeKey, isOwnRequest, withChallenge, withRequest } from './people-logic';
import { checkSession } from '../session/session-watch';

/*
 * The people socket (docs/game.md, "Friends"): a /lobby connection kept open on every page of a
 * logged-in player, so friends see them online, and a challenge or a message reaches them wherever
 * they are. socket.io and the schemas load after the first paint. The lists are read over HTTP on
 * each connection, then kept by the live events. On the original server (docs/protocol.md,
 * "Interoperability") there is no socket: its routes are read over HTTP now and then instead.
 */

let people: PeopleClient | null = null;
let myId: string | null = null;
/** Whose routes the lists come from: ours, or the original's (no presence, no unread counts). */
let routes: Exclude<PeopleRoutes, null> = 'broadside';
/** The challenges this page took back. */
const cancelledHere = new Set<string>();

async function loadLists(): Promise<void> {
  const friends = await friendsApi();
  if (routes === 'original') {
    const [list, incoming, outgoing] = await Promise.all([friends.friends(), friends.requests(), friends.pending()]);
    setLists({ friends: list, incoming, outgoing });
    peopleStore.loaded = true;
    return;
  }
  const [list, incoming, outgoing, presence, unread] = await Promise.all([
    friends.friends(),
    friends.requests(),
    friends.pending(),
    friends.presence(),
    friends.unread(),
  ]);
  peopleStore.friends = list;
  peopleStore.incoming = incoming;
  peopleStore.outgoing = outgoing;
  peopleStore.presence = Object.fromEntries(presence.map((p) => [p.userId, p]));
  peopleStore.unread = unread;
  peopleStore.loaded = true;
}

function noteChallenge(challenge: Challenge): void {
  const mine = challenge.from.userId === myId;
  if (challenge.status === 'pending') {
    peopleStore.offsetMs = challengeClockOffset(challenge, Date.now());
  }
  if (mine) {
    peopleStore.challengesOut = withChallenge(peopleStore.challengesOut, challenge);
    if (challenge.status === 'accepted' && challenge.slug) peopleStore.room = challenge.slug;
    const key = challengeOutcomeKey(challenge);
    // A challenge the player took back themselves needs no word.
    if (key && !cancelledHere.has(challenge.id)) {
      peopleStore.notices = [
        ...peopleStore.notices.filter((n) => n.id !== challenge.id),
        { id: challenge.id, username: challenge.to.username, key },
      ];
    }
  } else {
    peopleStore.challengesIn = withChallenge(peopleStore.challengesIn, challenge);
  }
}

function listen(client: PeopleClient): void {
  client.on('friendsPresence', ({ friends }) => {
    peopleStore.presence = Object.fromEntries(friends.map((p) => [p.userId, p]));
  });
  client.on('presence', (presence) => {
    peopleStore.presence[presence.userId] = presence;
  });
  client.on('friendRequest', (request) => {
    if (myId !== null && isOwnRequest(request, myId)) peopleStore.outgoing = withRequest(peopleStore.outgoing, request);
    else peopleStore.incoming = withRequest(peopleStore.incoming, request);
  });
  client.on('friendRequestGone', ({ id }) => {
    peopleStore.incoming = peopleStore.incoming.filter((r) => r.id !== id);
    peopleStore.outgoing = peopleStore.outgoing.filter((r) => r.id !== id);
  });
  client.on('friendAdded', ({ friend, presence }) => {
    peopleStore.friends = [...peopleStore.friends.filter((f) => f.id !== friend.id), friend];
    if (presence) peopleStore.presence[friend.id] = presence;
  });
  client.on('friendRemoved', ({ userId }) => {
    peopleStore.friends = peopleStore.friends.filter((f) => f.id !== userId);
    delete peopleStore.presence[userId];
  });
  client.on('challenges', ({ incoming, outgoing }) => {
    peopleStore.challengesIn = incoming;
    peopleStore.challengesOut = outgoing;
  });
  client.on('challenge', noteChallenge);
  client.on('directMessage', (message) => {
    peopleStore.live = [...peopleStore.live.slice(-199), message];
  });
  client.on('unread', (unread) => {
    peopleStore.unread = unread;
  });
}

function setLists(lists: PeopleLists): void {
  peopleStore.friends = [...lists.friends];
  peopleStore.incoming = [...lists.incoming];
  peopleStore.outgoing = [...lists.outgoing];
}

function currentLists(): PeopleLists {
  return { friends: peopleStore.friends, incoming: peopleStore.incoming, outgoing: peopleStore.outgoing };
}

/** On the original server: the lists read now, then again every few seconds while the page is seen. */
function openOriginal(user: User): () => void {
  myId = user.id;
  routes = 'original';
  resetPeopleStore('connecting');
  const read = (): void => {
    loadLists()
      .then(() => {
        peopleStore.connection = 'online';
        peopleStore.polls += 1;
      })
      .catch(() => {
        peopleStore.connection = 'offline';
        void checkSession();
      });
  };
  const shown = (): void => {
    if (document.visibilityState === 'visible') read();
  };
  read();
  const timer = setInterval(shown, ORIGINAL_POLL_MS);
  document.addEventListener('visibilitychange', shown);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', shown);
    myId = null;
    routes = 'broadside';
    resetPeopleStore('off');
  };
}

/** Opens the people socket for `user` (on the original server, its lists read now and then); returns what closes it. */
export function openPeople(user: User, via: Exclude<PeopleRoutes, null> = 'broadside'): () => void {
  if (via === 'original') return openOriginal(user);
  let closed = false;
  let opened: PeopleClient | null = null;
  myId = user.id;
  routes = 'broadside';
  resetPeopleStore('connecting');
  const hidden = (): void => {
    if (opened) void opened.setAway(document.visibilityState === 'hidden');
  };
  Promise.all([import('../../protocol/lobby-client'), import('../../protocol/people-client')])
    .then(([{ LobbyClient }, { PeopleClient }]) => {
      if (closed) return;
      const lobby = new LobbyClient({ url: serverUrl(), token: user.access_token });
      const client = new PeopleClient(lobby);
      opened = client;
      people = client;
      listen(client);
      lobby.socket.on('connect', () => {
        peopleStore.connection = 'online';
        if (document.visibilityState === 'hidden') void client.setAway(true);
        loadLists().catch(() => undefined);
      });
      lobby.socket.on('disconnect', (reason) => {
        peopleStore.connection = 'offline';
        if (reason === 'io server disconnect') void checkSession();
      });
      lobby.connect().catch(() => {
        if (closed) return;
        peopleStore.connection = 'offline';
        void checkSession();
      });
      document.addEventListener('visibilitychange', hidden);
    })
    .catch(() => {
      if (!closed) peopleStore.connection = 'offline';
    });
  return () => {
    closed = true;
    document.removeEventListener('visibilitychange', hidden);
    opened?.lobby.close();
    if (people === opened) people = null;
    myId = null;
    resetPeopleStore('off');
  };
}

/** An acknowledgement's value, or null after showing its refusal in the banner. */
function settled<T>(ack: Ack<T>): T | null {
  if (isErrorAck(ack)) {
    showError(errorText(ack));
    return null;
  }
  return ack;
}

/** Challenges a player; the challenge, or null when refused (the reason shown) or offline. */
export async function sendChallenge(payload: ChallengePayload): Promise<Challenge | null> {
  if (!people) {
    showError({ key: 'errors.codes.DISCONNECTED' });
    return null;
  }
  const challenge = settled(await people.challenge(payload));
  if (challenge) noteChallenge(challenge);
  return challenge;
}

/** Accepts a challenge: the room both are seated in, or null when it is gone. */
export async function acceptChallenge(id: string): Promise<string | null> {
  if (!people) return null;
  const answer = await people.acceptChallenge(id);
  peopleStore.challengesIn = peopleStore.challengesIn.filter((c) => c.id !== id);
  return settled(answer)?.slug ?? null;
}

export async function declineChallenge(id: string, reason?: DeclineReason): Promise<void> {
  if (!people) return;
  peopleStore.challengesIn = peopleStore.challengesIn.filter((c) => c.id !== id);
  const answer = await people.declineChallenge(id, reason);
  if (isErrorAck(answer) && answer.error !== 'CHALLENGE_GONE') showError(errorText(answer));
}

export async function cancelChallenge(id: string): Promise<void> {
  if (!people) return;
  cancelledHere.add(id);
  peopleStore.challengesOut = peopleStore.challengesOut.filter((c) => c.id !== id);
  const answer = await people.cancelChallenge(id);
  if (isErrorAck(answer) && answer.error !== 'CHALLENGE_GONE') showError(errorText(answer));
}

export function dismissNotice(id: string): void {
  peopleStore.notices = peopleStore.notices.filter((n) => n.id !== id);
}

/** Runs a friends call; false after showing its failure. */
async function attempt(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    showError(errorText(error));
    return false;
  }
}

/** Asks a player to be friends (or accepts their request when they asked first). */
export async function addFriend(userId: string): Promise<boolean> {
  let answer = null as AddFriendResponse | null;
  const ok = await attempt(async () => {
    answer = await (await friendsApi()).add({ userId });
  });
  if (!ok || !answer) return ok;
  // The original tells nobody live, and writes an accepted friendship after it answers.
  if (routes === 'original') setLists(afterAdd(currentLists(), answer, userId));
  else await loadLists().catch(() => undefined);
  return ok;
}

export async function acceptRequest(frId: string): Promise<boolean> {
  const ok = await attempt(async () => (await friendsApi()).accept(frId));
  if (!ok) return ok;
  if (routes === 'original') setLists(afterAccept(currentLists(), frId));
  else await loadLists().catch(() => undefined);
  return ok;
}

export async function declineRequest(frId: string): Promise<boolean> {
  const ok = await attempt(async () => (await friendsApi()).decline(frId));
  if (ok) peopleStore.incoming = peopleStore.incoming.filter((r) => r.id !== frId);
  return ok;
}

export async function withdrawRequest(frId: string): Promise<boolean> {
  const ok = await attempt(async () => (await friendsApi()).cancel(frId));
  if (ok) peopleStore.outgoing = peopleStore.outgoing.filter((r) => r.id !== frId);
  return ok;
}

export async function removeFriend(userId: string): Promise<boolean> {
  const ok = await attempt(async () => (await friendsApi()).unfriend(userId));
  if (ok) peopleStore.friends = peopleStore.friends.filter((f) => f.id !== userId);
  return ok;
}
