import type { FastifyBaseLogger } from 'fastify';
import { CLASSIC_RULES, type Rules } from '../../src/game';
import { isErrorAck, type MatchFound, type Searching } from '../../src/protocol';
import type { Identity } from '../auth';
import type { Dispatch } from '../rooms/dispatch';
import type { RoomRegistry } from '../rooms/registry';
import type { MatchQueue, Pairing } from './queue';

export interface QuickMatchOptions {
  readonly queue: MatchQueue;
  readonly registry: RoomRegistry;
  readonly dispatch: Dispatch;
  readonly offerComputerAfterMs: number;
  readonly log: FastifyBaseLogger;
  /** Tells one user (all their lobby sockets) that they have an opponent. */
  readonly notify: (userId: string, found: MatchFound) => void;
  /** The account exists and one of its lobby sockets still searches (on any node). */
  readonly stillSearching: (userId: string) => Promise<boolean>;
  /** Tells one user that they are still searching, since when (a pairing failed: docs/protocol.md, Quick match). */
  readonly resumed: (userId: string, searching: Searching) => void;
  /** Told how long each player seated waited in the queue, ms (the metrics). */
  readonly seated?: (waitedMs: number) => void;
}

/**
 * "Find an opponent": players wait in the queue; two are paired into a new room with both seated
 * and the game started, so both land in ship placement.
 */
export class QuickMatch {
  constructor(private readonly options: QuickMatchOptions) {}

  /** Queues `user` for a game under `rules`, or pairs them with the longest-waiting player who asked for the same. */
  async find(user: Identity, rules: Rules = CLASSIC_RULES): Promise<Searching> {
    const { queue, offerComputerAfterMs } = this.options;
    const entry = { userId: user.id, username: user.username, since: Date.now(), rules };
    const { pairing, since } = await queue.join(entry);
    if (pairing) this.pair(pairing);
    return { since, offerComputerAfterMs, serverNow: Date.now() };
  }

  /** Seats a pairing; if that fails, puts back whoever is still searching. */
  private pair(pairing: Pairing): void {
    this.seat(pairing).catch(async (error: unknown) => {
      this.options.log.warn({ err: error, users: pairing.map((p) => p.userId) }, 'seating a quick match failed');
      await this.putBack(pairing).catch((failure: unknown) =>
        this.options.log.error({ err: failure }, 'putting searchers back in the queue failed'),
      );
    });
  }

  /**
   * A pairing that could not be seated: each searcher still there goes back in the queue with the
   * place they had (their `since`, so the one who waited longest comes first) and is told they are
   * still searching, as if nothing had happened. One who finds someone waiting now is paired at once.
   */
  private async putBack(pairing: Pairing): Promise<void> {
    const { queue, stillSearching, resumed, offerComputerAfterMs } = this.options;
    const here = await Promise.all(pairing.map((entry) => stillSearching(entry.userId)));
    const back = pairing.filter((_, i) => here[i]).sort((a, b) => a.since - b.since);
    for (const entry of back) {
      const again = await queue.join(entry);
      if (again.pairing) {
        const [a, b] = again.pairing;
        this.pair(a.since <= b.since ? [a, b] : [b, a]);
      } else {
        resumed(entry.userId, { since: again.since, offerComputerAfterMs, serverNow: Date.now() });
      }
    }
  }

  cancel(userId: string): Promise<boolean> {
    return this.options.queue.leave(userId);
  }

  private async seat([first, second]: Pairing): Promise<void> {
    const { registry, dispatch, notify, stillSearching } = this.options;
    // A searcher whose account went away (or who left) meanwhile cannot be seated: nobody is.
    const present = await Promise.all([first, second].map((p) => stillSearching(p.userId)));
    if (!present.every(Boolean)) throw new Error('a searcher left before the pairing was seated');
    const slug = await registry.create(first.userId, { rules: first.rules });
    const room = await registry.get(slug);
    if (!room) throw new Error(`room ${slug} vanished after its creation`);
    for (const player of [first, second]) {
      const user = { id: player.userId, username: player.username };
      const joined = await dispatch(room, { kind: 'player', user, socketId: null }, { type: 'join' });
      if (isErrorAck(joined)) throw new Error(`seating ${player.userId}: ${joined.error}`);
    }
    const starter = { id: first.userId, username: first.username };
    const started = await dispatch(room, { kind: 'player', user: starter, socketId: null }, { type: 'start' });
    if (isErrorAck(started)) throw new Error(`starting ${slug}: ${started.error}`);
    notify(first.userId, { slug, opponent: { userId: second.userId, username: second.username } });
    notify(second.userId, { slug, opponent: { userId: first.userId, username: first.username } });
    const now = Date.now();
    for (const player of [first, second]) this.options.seated?.(now - player.since);
  }
}
