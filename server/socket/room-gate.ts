import type { Ack } from '../../src/protocol';
import type { PlayerActor, RoomCommand } from '../rooms/commands';
import type { RunRequest } from './room-requests';
import type { RoomSocket } from './types';

/**
 * Where the /room namespace sends a socket's commands once their payload is valid: to the node
 * that plays the room. On one node that is this one (`localGate`); with several, server/cluster
 * sends them to the room's owner.
 */
export interface RoomGate {
  /**
   * Runs `command` for the socket's user on room `slug` and resolves with the answer; `reply`
   * receives it first (just before the change is published, when this node plays the room).
   */
  run(
    socket: RoomSocket,
    slug: string,
    command: RoomCommand,
    reply?: (ack: Ack<unknown>) => void,
  ): Promise<Ack<unknown>>;
}

/** The socket's user, through this socket, in the socket's own wire (docs/protocol.md). */
export function actorOf(socket: RoomSocket): PlayerActor {
  return { kind: 'player', user: socket.data.user, socketId: socket.id, dialect: socket.data.dialect };
}

/** One node plays every room. */
export function localGate(run: RunRequest): RoomGate {
  return { run: (socket, slug, command, reply) => run({ slug, actor: actorOf(socket), command }, { reply }) };
}
