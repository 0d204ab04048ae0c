import type { Coord, ShotResult } from '../game';
import type { Dialect } from './dialect';
import { readSalvoReply, readShotReply } from './spec-dialect';
import { type Ack, errorAck, isErrorAck } from './types';

function isCoordList(target: Coord | readonly Coord[]): target is readonly Coord[] {
  return Array.isArray(target);
}

/**
 * Sends one cell (answered with its result), or a turn's cells together (a salvo, broadside/2 only;
 * answered with their results in the same order). A server of the SPEC dialect takes one cell a
 * turn: an array of one goes as that cell, a longer one is refused here without sending anything.
 */
export async function sendShot(
  emit: (payload: Coord | Coord[]) => Promise<unknown>,
  target: Coord | readonly Coord[],
  spoken: Dialect | null,
): Promise<Ack<ShotResult | ShotResult[]>> {
  if (!isCoordList(target)) return readShotReply(await emit({ x: target.x, y: target.y }));
  const cells = target.map((c) => ({ x: c.x, y: c.y }));
  if (spoken === 'spec' || spoken === 'legacy') {
    const [only] = cells;
    if (cells.length !== 1 || only === undefined)
      return errorAck('RULES_NOT_SUPPORTED', 'this server takes one shot a turn');
    const reply = readShotReply(await emit(only));
    return isErrorAck(reply) ? reply : [reply];
  }
  return readSalvoReply(await emit(cells), cells.length);
}
