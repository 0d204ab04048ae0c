import type { ShotResult } from '../../../src/game';
import type { StoredMove } from '../storage';

/** The result code of a turn passed by the clock, in the `shots` table (x = y = -1). */
export const TIMEOUT_RESULT = 'T';

/** A row of `shots` as written: a shot, or a turn the clock passed. */
export interface MoveRow {
  readonly shooterId: string;
  readonly x: number;
  readonly y: number;
  readonly result: string;
}

/** A row of `shots` as read. */
export interface ShotRow {
  readonly shooter_id: string;
  readonly x: number;
  readonly y: number;
  readonly result: string;
  readonly created_at: number;
}

const isResult = (r: string): r is ShotResult => r === 'M' || r === 'H' || r === 'D';

/** The move a row records; nothing for a row of an unknown kind. */
export function moveOf(row: ShotRow): StoredMove[] {
  const at = Number(row.created_at);
  if (row.result === TIMEOUT_RESULT) return [{ kind: 'timeout', playerId: row.shooter_id, at }];
  if (!isResult(row.result)) return [];
  return [{ kind: 'shot', shot: { shooterId: row.shooter_id, x: row.x, y: row.y, result: row.result }, at }];
}

/** The `shots` row of a move. */
export function shotRow(gameId: number, seq: number, move: MoveRow, at: number) {
  return {
    game_id: gameId,
    seq,
    shooter_id: move.shooterId,
    x: move.x,
    y: move.y,
    result: move.result,
    created_at: at,
  };
}
