import type { FastifyBaseLogger } from 'fastify';
import { formatRules, type GameStatus, moveCount } from '../../src/game';
import { isErrorAck } from '../../src/protocol';
import type { Actor, Command } from '../rooms/commands';
import type { DispatchObserver } from '../rooms/dispatch';
import type { Room } from '../rooms/room';
import type { Telemetry } from './telemetry';

/** The request id a socket of this node was opened with, or null (docs/deploy.md, "Logs"). */
export type RequestIdOf = (socketId: string) => string | null;

/**
 * Watches every command a room runs (dispatch's observer): counts shots and their handling time
 * for /metrics, and writes one JSON log line per game event an operator follows — a round begun,
 * a round ended and why — with the room, the game's id and the node (every line of the node's
 * logger carries `node`). A shot costs two comparisons, a clock read and a few additions.
 */
export class GameWatch implements DispatchObserver {
  constructor(
    private readonly telemetry: Telemetry,
    private readonly log: FastifyBaseLogger,
    private readonly requestIdOf: RequestIdOf,
  ) {}

  done(room: Room, actor: Actor, command: Command, ack: unknown, before: GameStatus, startedAt: number): void {
    if (command.type === 'shoot' && !isErrorAck(ack)) this.telemetry.shot(ack, (performance.now() - startedAt) / 1000);
    const after = room.state.status;
    if (after === before) return;
    if (after === 'PLACE_SHIPS') this.started(room, actor);
    else if (after === 'ENDED') this.ended(room, actor);
  }

  private started(room: Room, actor: Actor): void {
    const { rules } = room.state;
    this.telemetry.gameStarted(rules);
    this.log.info(
      {
        event: 'game.started',
        room: room.slug,
        gameId: room.gameId,
        round: room.round,
        rules: formatRules(rules),
        players: room.state.players,
        ...this.cause(actor),
      },
      'game started',
    );
  }

  private ended(room: Room, actor: Actor): void {
    const { rules, endReason, winner } = room.state;
    if (endReason !== null) this.telemetry.gameEnded(endReason, rules);
    this.log.info(
      {
        event: 'game.ended',
        room: room.slug,
        gameId: room.gameId,
        round: room.round,
        reason: endReason,
        winner,
        moves: moveCount(room.state),
        rules: formatRules(rules),
        ...this.cause(actor),
      },
      'game ended',
    );
  }

  /** Who made it happen: a player's user and socket (with the socket's request id when it is here), or the clock. */
  private cause(actor: Actor): Record<string, string> {
    if (actor.kind !== 'player') return { by: actor.kind };
    const cause: Record<string, string> = { by: actor.user.id };
    if (actor.socketId === null) return cause;
    cause.socket = actor.socketId;
    const requestId = this.requestIdOf(actor.socketId);
    if (requestId !== null) cause.requestId = requestId;
    return cause;
  }
}
