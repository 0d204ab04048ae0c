import type { FastifyBaseLogger } from 'fastify';
import { isErrorAck, type MatchFound, type Searching } from '../../src/protocol';
import type { Identity } from '../auth';
import type { Act } from '../bots/act';
import type { RoomActions } from '../rooms/actions';
import type { RoomRegistry } from '../rooms/registry';
import type { MatchQueue, Pairing } from './queue';

export interface QuickMatchOptions {
  readonly queue: MatchQueue;
  readonly registry: RoomRegistry;
  readonly actions: RoomActions;
  readonly act: Act;
  readonly offerComputerAfterMs: number;
  readonly log: FastifyBaseLogger;
  /** Tells one user (all their lobby sockets) that they have an opponent. */
  readonly notify: (userId: string, found: MatchFound) => void;
}

/**
 * "Find an opponent": players wait in the queue; two are paired into a new room with both seated
 * and the game started, so both land in ship placement.
 */
export class QuickMatch {
  constructor(private readonly options: QuickMatchOptions) {}

  async find(user: Identity): Promise<Searching> {
    const { queue, offerComputerAfterMs } = this.options;
    const { pairing, since } = await queue.join({ userId: user.id, username: user.username, since: Date.now() });
    if (pairing) {
      this.seat(pairing).catch((error: unknown) => {
        this.options.log.error({ err: error, users: pairing.map((p) => p.userId) }, 'seating a quick match failed');
      });
    }
    return { since, offerComputerAfterMs, serverNow: Date.now() };
  }

  cancel(userId: string): Promise<boolean> {
    return this.options.queue.leave(userId);
  }

  private async seat([first, second]: Pairing): Promise<void> {
    const { registry, actions, act, notify } = this.options;
    const slug = await registry.create(first.userId);
    const room = await registry.get(slug);
    if (!room) throw new Error(`room ${slug} vanished after its creation`);
    for (const player of [first, second]) {
      const joined = await act(room, () => actions.join(room, { id: player.userId, username: player.username }, null));
      if (isErrorAck(joined)) throw new Error(`seating ${player.userId}: ${joined.error}`);
    }
    const started = await act(room, () => actions.start(room, { id: first.userId, username: first.username }));
    if (isErrorAck(started)) throw new Error(`starting ${slug}: ${started.error}`);
    notify(first.userId, { slug, opponent: { userId: second.userId, username: second.username } });
    notify(second.userId, { slug, opponent: { userId: first.userId, username: first.username } });
  }
}
