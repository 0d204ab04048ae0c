import { type Ack, errorAck, isErrorAck, limitAck } from '../../src/protocol';
import type { BotGames } from '../caps/bot-games';
import { botGamePlayers } from '../caps/bot-pairing';
import { limitMessage } from '../caps/messages';
import type { RoomRequest } from '../rooms/commands';
import type { RoomDispatcher } from '../rooms/dispatch';
import type { RoomRegistry } from '../rooms/registry';
import { spectatorFeed } from './spectators';
import type { RoomNamespace } from './types';

/** How a request is run: `reply` receives the answer just before the change is published; `startBy`, see Dispatch. */
export interface RunOptions {
  readonly reply?: (ack: Ack<unknown>) => void;
  readonly startBy?: number;
}

/** Runs a connection's command on the room this node plays; resolves with the answer. */
export type RunRequest = (request: RoomRequest, options?: RunOptions) => Promise<Ack<unknown>>;

/**
 * The side of a room command that the node playing the room runs, wherever the connection's
 * socket is (docs/architecture.md, "Several nodes"): game commands go to dispatch(); a spectator
 * coming or going is counted here, answered with the spectators' frame, and told to the members.
 * What concerns the socket itself (which room it joined, its watch channel) stays with the node
 * that holds it (room-namespace.ts).
 */
export function runOnThisNode(deps: {
  readonly registry: RoomRegistry;
  readonly dispatcher: RoomDispatcher;
  /** Games between bots, counted per day whichever node seats them (server/caps/bot-games.ts). */
  readonly botGames: BotGames;
  readonly nsp: RoomNamespace;
}): RunRequest {
  const { registry, dispatcher, botGames } = deps;
  const feed = spectatorFeed(deps.nsp);
  return async ({ slug, actor, command }, { reply, startBy } = {}) => {
    const answer = <T>(ack: Ack<T>): Ack<T> => {
      reply?.(ack);
      return ack;
    };
    const room = await registry.get(slug);
    if (!room) {
      if (command.type === 'join' || command.type === 'watch') return answer(errorAck('ROOM_NOT_FOUND'));
      return answer(command.type === 'disconnect' || command.type === 'unwatch' ? null : errorAck('NOT_JOINED'));
    }
    if (command.type === 'watch') {
      const frame = answer(feed.watch(room, actor.socketId ?? ''));
      // Members are told the new count in `match`; the spectators' frame stands.
      dispatcher.publish(room, () => ['match'], { game: false });
      return frame;
    }
    if (command.type === 'unwatch') {
      feed.unwatch(room);
      answer(null);
      dispatcher.publish(room, () => ['match'], { game: false });
      registry.release(room);
      return null;
    }
    // A bot taking the seat facing another bot, or a rematch between two bots, is a game between
    // bots: counted per day, given back when the room refuses it.
    const bots =
      command.type === 'join' && !room.members.has(actor.user.id)
        ? botGamePlayers(room, actor.user)
        : command.type === 'replay' && room.state.status === 'ENDED'
          ? botGamePlayers(room)
          : [];
    if (bots.length === 0) return dispatcher.dispatch(room, actor, command, reply, startBy);
    const refused = await botGames.take(bots);
    if (refused) return answer(limitAck(refused, limitMessage(refused)));
    const given = (ack: Ack<unknown>): void => {
      if (isErrorAck(ack)) void botGames.give(bots).catch(() => undefined);
      reply?.(ack);
    };
    return dispatcher.dispatch(room, actor, command, given, startBy);
  };
}
