import type { Friend, FriendAnswer, FriendRequest } from '../../src/protocol/friends';
import type { LobbyNamespace } from '../lobby/namespace';
import { userRoom } from '../lobby/namespace';
import type { Blocks } from '../moderation/blocks';
import { type FriendStore, type RequestRow, requestShape } from './friend-store';
import { blocked, noSuchPlayer, PeopleError } from './people-error';
import { friendUser, type People, type PersonRow } from './people';
import type { PresenceBook } from './presence';

/** What `POST /friends/add` did: a new request, or the reverse request accepted. */
export type AddOutcome =
  | { readonly kind: 'request'; readonly request: FriendRequest }
  | { readonly kind: 'accepted'; readonly answer: FriendAnswer };

interface Deps {
  readonly store: FriendStore;
  readonly people: People;
  readonly blocks: Blocks;
  readonly presence: PresenceBook;
  readonly lobby: LobbyNamespace;
}

/**
 * Friends (docs/protocol.md, "Friends"): requests, answers and removals, each told live to both
 * players' /lobby sockets on every node. A block ends a friendship and the requests between the two
 * (`endBetween`) and refuses new ones.
 */
export class Friends {
  constructor(private readonly deps: Deps) {}

  list(userId: string): Promise<Friend[]> {
    return this.deps.store.friends(userId);
  }

  async requests(userId: string, side: 'received' | 'sent'): Promise<FriendRequest[]> {
    const rows = await this.deps.store.requests(userId, side);
    const people = await this.deps.people.many(rows.flatMap((row) => [row.senderId, row.receiverId]));
    return rows.flatMap((row) => {
      const sender = people.get(row.senderId);
      const receiver = people.get(row.receiverId);
      return sender && receiver ? [requestShape(row, sender, receiver)] : [];
    });
  }

  /**
   * Asks `who` to be friends with `me`; when `who` had asked `me` already, that request is
   * accepted instead (the original does the same).
   */
  async add(me: string, who: { userId?: string; username?: string }): Promise<AddOutcome> {
    const target = await this.deps.people.find(who);
    if (!target) throw noSuchPlayer();
    if (target.id === me) throw new PeopleError(400, 'BAD_PAYLOAD', 'You cannot befriend yourself');
    if (await this.deps.blocks.between(me, target.id)) throw blocked('send a friend request to');
    if ((await this.deps.store.friendsSince(me, target.id)) !== null) {
      throw new PeopleError(409, 'BAD_PAYLOAD', `You are friends with ${target.username} already`);
    }
    const reverse = await this.deps.store.requestBetween(target.id, me);
    if (reverse) return { kind: 'accepted', answer: await this.acceptRow(reverse) };
    const sender = await this.deps.people.byId(me);
    if (!sender) throw noSuchPlayer();
    const row = await this.deps.store.addRequest(me, target.id);
    const request = requestShape(row, sender, target);
    this.deps.lobby.to([userRoom(me), userRoom(target.id)]).emit('friendRequest', request);
    return { kind: 'request', request };
  }

  /** Accepts a request sent to `me`. */
  async accept(me: string, frId: string): Promise<FriendAnswer> {
    const request = await this.deps.store.request(frId);
    if (!request || request.receiverId !== me) throw requestNotFound();
    if (await this.deps.blocks.between(request.senderId, request.receiverId)) throw blocked('befriend');
    return this.acceptRow(request);
  }

  private async acceptRow(request: RequestRow): Promise<FriendAnswer> {
    if (!(await this.deps.store.accept(request))) throw requestNotFound();
    const { senderId, receiverId } = request;
    this.deps.lobby
      .to([userRoom(senderId), userRoom(receiverId)])
      .emit('friendRequestGone', { id: request.id, reason: 'accepted' });
    const people = await this.deps.people.many([senderId, receiverId]);
    const [presence, since] = await Promise.all([
      this.deps.presence.of([senderId, receiverId]),
      this.deps.store.friendsSince(senderId, receiverId),
    ]);
    const tell = (to: string, friend: PersonRow | undefined): void => {
      if (!friend) return;
      this.deps.lobby.to(userRoom(to)).emit('friendAdded', {
        friend: { ...friendUser(friend), since: since ?? Date.now() },
        presence: presence.get(friend.id) ?? null,
      });
    };
    tell(senderId, people.get(receiverId));
    tell(receiverId, people.get(senderId));
    // The one who accepted learns whom: the sender is the new friend of the receiver.
    const sender = people.get(senderId);
    return { raw: [], affected: 1, ...(sender ? { friend: friendUser(sender) } : {}) };
  }

  /** Declines a request sent to `me` (`declined`), or withdraws one `me` sent (`cancelled`). */
  async dismiss(me: string, frId: string, as: 'declined' | 'cancelled'): Promise<FriendAnswer> {
    const request = await this.deps.store.request(frId);
    const mine = as === 'declined' ? request?.receiverId === me : request?.senderId === me;
    if (!request || !mine) throw requestNotFound();
    if (!(await this.deps.store.deleteRequest(request.id))) throw requestNotFound();
    this.deps.lobby
      .to([userRoom(request.senderId), userRoom(request.receiverId)])
      .emit('friendRequestGone', { id: request.id, reason: as });
    return { raw: [], affected: 1 };
  }

  /** Ends `me`'s friendship with `other`. */
  async remove(me: string, other: string): Promise<void> {
    if (!(await this.deps.store.remove(me, other))) {
      throw new PeopleError(404, 'NO_SUCH_PLAYER', 'This player is not your friend');
    }
    this.tellRemoved(me, other);
  }

  /** A block ends the friendship of the two and any request between them. */
  async endBetween(a: string, b: string): Promise<void> {
    if (await this.deps.store.remove(a, b)) this.tellRemoved(a, b);
    for (const request of await this.deps.store.requestsBetween(a, b)) {
      if (await this.deps.store.deleteRequest(request.id)) {
        this.deps.lobby
          .to([userRoom(a), userRoom(b)])
          .emit('friendRequestGone', { id: request.id, reason: 'declined' });
      }
    }
  }

  /** Tells both that their friendship ended (a removal, a block, an account deleted). */
  tellRemoved(a: string, b: string): void {
    this.deps.lobby.to(userRoom(a)).emit('friendRemoved', { userId: b });
    this.deps.lobby.to(userRoom(b)).emit('friendRemoved', { userId: a });
  }

  friendIds(userId: string): Promise<string[]> {
    return this.deps.store.friendIds(userId);
  }

  areFriends(a: string, b: string): Promise<boolean> {
    return this.deps.store.friendsSince(a, b).then((since) => since !== null);
  }
}

const requestNotFound = (): PeopleError =>
  new PeopleError(404, 'BAD_PAYLOAD', 'No such friend request (answered or withdrawn already?)');
