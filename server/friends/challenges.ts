import type { FastifyBaseLogger } from 'fastify';
import { CLASSIC_RULES, type Rules, type TurnSeconds } from '../../src/game';
import { isErrorAck } from '../../src/protocol';
import type { Challenge, Challenges as PendingChallenges, DeclineReason } from '../../src/protocol/challenges';
import type { BotGames } from '../caps/bot-games';
import { limitMessage } from '../caps/messages';
import { type LobbyNamespace, userRoom } from '../lobby/namespace';
import type { Blocks } from '../moderation/blocks';
import { type Limiter, secondsOf } from '../rate-limiter';
import type { Dispatch } from '../rooms/dispatch';
import type { RoomRegistry } from '../rooms/registry';
import type { ChallengeRow, ChallengeStore } from './challenge-store';
import type { Friends } from './friends';
import { blocked, noSuchPlayer, PeopleError } from './people-error';
import type { People, PersonRow } from './people';
import type { PresenceBook } from './presence';
import { RateLimiterRes } from 'rate-limiter-flexible';

/** Who sends or answers: a session's identity. */
export interface Challenger {
  readonly id: string;
  readonly username: string;
}

export interface ChallengeOptions {
  readonly rules?: Rules;
  readonly turnSeconds?: TurnSeconds | null;
}

interface Deps {
  readonly store: ChallengeStore;
  readonly people: People;
  readonly friends: Friends;
  readonly blocks: Blocks;
  readonly presence: PresenceBook;
  readonly lobby: LobbyNamespace;
  readonly registry: RoomRegistry;
  readonly dispatch: Dispatch;
  readonly botGames: BotGames;
  /** Challenges sent per account and window (CHALLENGES). */
  readonly sent: Limiter;
  readonly sentPerWindow: number;
  readonly lifetimeMs: number;
  readonly log: FastifyBaseLogger;
}

/** How often every node looks for challenges past their time that no node expired (their node died). */
const SWEEP_MS = 15_000;
/** Settled challenges are kept this long (a late answer is told what happened), then dropped. */
const KEEP_SETTLED_MS = 60 * 60_000;

const gone = (row: ChallengeRow | null): PeopleError => {
  const what =
    row === null || row.status === 'pending'
      ? 'No such challenge'
      : row.status === 'expired'
        ? 'This challenge has expired'
        : `This challenge was ${row.status} already`;
  return new PeopleError(410, 'CHALLENGE_GONE', what);
};

/**
 * Challenges (docs/protocol.md, "Challenges"): a player challenges another, who is online and lets
 * them, to a game under rules and a clock; the challenged player has `lifetimeMs` to accept or
 * decline. Accepting makes a room with both players seated, its game not started, and sends both
 * there. Every change is told to both players' /lobby sockets on every node. Games between two bot
 * accounts count among their daily bot games (server/caps/bot-games.ts) when accepted.
 */
export class Challenges {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: Deps) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** The challenge as both players see it. */
  private async shape(row: ChallengeRow, known?: ReadonlyMap<string, PersonRow>): Promise<Challenge> {
    const people = known ?? (await this.deps.people.many([row.challengerId, row.challengedId]));
    const player = (id: string) => {
      const person = people.get(id);
      return {
        userId: id,
        username: person?.username ?? '',
        title: person?.bot_since != null ? ('BOT' as const) : null,
      };
    };
    return {
      id: row.id,
      from: player(row.challengerId),
      to: player(row.challengedId),
      rules: row.rules,
      turnSeconds: row.turnSeconds,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      status: row.status,
      reason: row.reason,
      slug: row.slug,
    };
  }

  private tell(challenge: Challenge): void {
    this.deps.lobby.to([userRoom(challenge.from.userId), userRoom(challenge.to.userId)]).emit('challenge', challenge);
  }

  /** Tells both players what became of a challenge (read again: the stored row is the truth). */
  private async tellSettled(id: string): Promise<Challenge | null> {
    const row = await this.deps.store.get(id);
    if (!row) return null;
    const challenge = await this.shape(row);
    this.tell(challenge);
    return challenge;
  }

  /** `me` challenges `who`; a pending challenge of `me` to the same player is replaced. */
  async create(
    me: Challenger,
    who: { userId?: string; username?: string },
    options: ChallengeOptions,
  ): Promise<Challenge> {
    const { store, people, friends, blocks, presence } = this.deps;
    const target = await people.find(who);
    if (!target) throw noSuchPlayer();
    if (target.id === me.id) throw new PeopleError(400, 'BAD_PAYLOAD', 'You cannot challenge yourself');
    if (await blocks.between(me.id, target.id)) throw blocked('challenge');
    const from = await store.challengesFrom(target.id);
    if (from === 'nobody') throw new PeopleError(403, 'NOT_ACCEPTING', `${target.username} does not accept challenges`);
    if (from === 'friends' && !(await friends.areFriends(me.id, target.id))) {
      throw new PeopleError(403, 'NOT_ACCEPTING', `${target.username} accepts challenges from friends only`);
    }
    if (!(await presence.connected(target.id)))
      throw new PeopleError(409, 'OFFLINE', `${target.username} is not online`);
    await this.count(me.id);
    const previous = await store.pendingBetween(me.id, target.id);
    if (previous && (await store.settle(previous.id, 'cancelled'))) await this.tellSettled(previous.id);
    const row = await store.add(me.id, target.id, {
      rules: options.rules ?? CLASSIC_RULES,
      turnSeconds: options.turnSeconds ?? null,
      lifetimeMs: this.deps.lifetimeMs,
    });
    const challenge = await this.shape(row);
    this.tell(challenge);
    this.expireLater(row);
    return challenge;
  }

  /** Counts one challenge sent by `userId`; a PeopleError when the window's are used up. */
  private async count(userId: string): Promise<void> {
    try {
      await this.deps.sent.consume(userId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const details = {
        reason: 'CHALLENGES' as const,
        retryAfter: secondsOf(rejection),
        limit: this.deps.sentPerWindow,
      };
      throw new PeopleError(429, 'LIMIT_REACHED', limitMessage(details), { limit: details });
    }
  }

  private expireLater(row: ChallengeRow): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(row.id);
        void this.expire(row.id);
      },
      Math.max(0, row.expiresAt - Date.now()) + 20,
    );
    timer.unref();
    this.timers.set(row.id, timer);
  }

  private async expire(id: string): Promise<void> {
    try {
      if (await this.deps.store.expire(id)) await this.tellSettled(id);
    } catch (error) {
      this.deps.log.error({ err: error, challenge: id }, 'expiring a challenge failed');
    }
  }

  private forget(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** Challenges past their time that no node expired (it died), and old settled ones dropped. */
  async sweep(): Promise<void> {
    try {
      for (const row of await this.deps.store.overdue()) if (!this.timers.has(row.id)) await this.expire(row.id);
      await this.deps.store.prune(KEEP_SETTLED_MS);
    } catch (error) {
      this.deps.log.error({ err: error }, 'sweeping challenges failed');
    }
  }

  /** The challenged player accepts: a room with both seated; its name. */
  async accept(me: Challenger, id: string): Promise<{ slug: string }> {
    const { store, people, blocks, botGames } = this.deps;
    const row = await store.get(id);
    if (!row || row.challengedId !== me.id) throw gone(null);
    if (row.status !== 'pending') throw gone(row);
    if (await blocks.between(row.challengerId, row.challengedId)) {
      if (await store.settle(id, 'cancelled')) await this.tellSettled(id);
      throw blocked('play');
    }
    const players = await people.many([row.challengerId, row.challengedId]);
    const challenger = players.get(row.challengerId);
    const challenged = players.get(row.challengedId);
    if (!challenger || !challenged) throw noSuchPlayer();
    // Two bot accounts: a game between bots, counted per day like any other.
    const bots = challenger.bot_since !== null && challenged.bot_since !== null ? [challenger.id, challenged.id] : [];
    const refused = await botGames.take(bots);
    if (refused) throw new PeopleError(429, 'LIMIT_REACHED', limitMessage(refused), { limit: refused });
    if (!(await store.settle(id, 'accepted'))) {
      await botGames.give(bots);
      throw gone(await store.get(id));
    }
    this.forget(id);
    let slug: string;
    try {
      slug = await this.seat(row, challenger, challenged);
    } catch (error) {
      await botGames.give(bots);
      await store.fail(id);
      await this.tellSettled(id);
      throw error;
    }
    await store.attachRoom(id, slug);
    await this.tellSettled(id);
    return { slug };
  }

  /** A room under the challenge's rules and clock with both players seated, the game not started. */
  private async seat(row: ChallengeRow, challenger: PersonRow, challenged: PersonRow): Promise<string> {
    const { registry, dispatch } = this.deps;
    const slug = await registry.create(challenger.id, { rules: row.rules, turnSeconds: row.turnSeconds });
    const room = await registry.get(slug);
    if (!room) throw new Error(`room ${slug} vanished after its creation`);
    for (const player of [challenger, challenged]) {
      const user = {
        id: player.id,
        username: player.username,
        title: player.bot_since !== null ? ('BOT' as const) : null,
      };
      const joined = await dispatch(room, { kind: 'player', user, socketId: null }, { type: 'join' });
      if (isErrorAck(joined)) throw new Error(`seating ${player.id} in ${slug}: ${joined.error}`);
    }
    return slug;
  }

  /** The challenged player declines, saying why (lichess-bot's reasons). */
  async decline(me: Challenger, id: string, reason: DeclineReason = 'generic'): Promise<void> {
    const row = await this.deps.store.get(id);
    if (!row || row.challengedId !== me.id) throw gone(null);
    if (!(await this.deps.store.settle(id, 'declined', { reason }))) throw gone(await this.deps.store.get(id));
    this.forget(id);
    await this.tellSettled(id);
  }

  /** The challenger takes the challenge back. */
  async cancel(me: Challenger, id: string): Promise<void> {
    const row = await this.deps.store.get(id);
    if (!row || row.challengerId !== me.id) throw gone(null);
    if (!(await this.deps.store.settle(id, 'cancelled'))) throw gone(await this.deps.store.get(id));
    this.forget(id);
    await this.tellSettled(id);
  }

  /** The challenges waiting for `userId`, and those it sent. */
  async pending(userId: string): Promise<PendingChallenges> {
    const [incoming, outgoing] = await Promise.all([
      this.deps.store.pending(userId, 'incoming'),
      this.deps.store.pending(userId, 'outgoing'),
    ]);
    const people = await this.deps.people.many(
      [...incoming, ...outgoing].flatMap((r) => [r.challengerId, r.challengedId]),
    );
    return {
      incoming: await Promise.all(incoming.map((row) => this.shape(row, people))),
      outgoing: await Promise.all(outgoing.map((row) => this.shape(row, people))),
    };
  }

  /** A player who left the site takes back the challenges they sent (nobody would see the answer). */
  async withdrawAllFrom(userId: string): Promise<void> {
    for (const row of await this.deps.store.pending(userId, 'outgoing')) {
      if (await this.deps.store.settle(row.id, 'cancelled')) {
        this.forget(row.id);
        await this.tellSettled(row.id);
      }
    }
  }

  /** A block cancels the challenges between the two. */
  async endBetween(a: string, b: string): Promise<void> {
    for (const row of await this.deps.store.pendingOf(a, b)) {
      if (await this.deps.store.settle(row.id, 'cancelled')) {
        this.forget(row.id);
        await this.tellSettled(row.id);
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
