import type { Rules } from '../../src/game';
import type { GameRecord as ProtocolRecord } from '../../src/protocol';
import type { EndReason } from '../engine/bep';
import type { GameRecord } from '../engine/referee';
import { shipMapOf } from '../engine/rules-support';

/**
 * A refereed game as the replay viewer reads a finished game (the protocol's game record, GET
 * /games/{id}), with the harness's own end: the reason (`timeout`, `crash` and `illegal` have no
 * place among a server's SUNK, RESIGN, FORFEIT and CLOCK) and its one-line detail. The players are
 * the participants, named by their tournament names (unique in a run). Written as `record` in each
 * game's file of a tournament's folder: `broadside view` replays it shot by shot in the order fired,
 * `broadside analyse` grades it.
 */
export type HarnessRecord = ProtocolRecord & { readonly reason: EndReason; readonly detail: string };

export function harnessRecordOf(
  record: GameRecord,
  rules: Rules,
  game: { readonly gameId: number; readonly slug: string; readonly endedAt: number },
): HarnessRecord {
  const [a, b] = record.names;
  const first = record.first ?? 0;
  return {
    gameId: game.gameId,
    slug: game.slug,
    round: 1,
    startedAt: Math.round(game.endedAt - record.ms),
    endedAt: Math.round(game.endedAt),
    endReason: record.reason === 'sunk' ? 'SUNK' : 'RESIGN',
    rules: { ...rules },
    winner: record.names[record.winner],
    firstPlayer: record.names[first],
    players: [
      { userId: a, username: a, bot: null, title: null, fleet: shipMapOf(record.fleets[0]) },
      { userId: b, username: b, bot: null, title: null, fleet: shipMapOf(record.fleets[1]) },
    ],
    shots: record.shots.map((s, seq) => ({ seq, shooterId: record.names[s.seat], x: s.x, y: s.y, result: s.result })),
    passes: [],
    reason: record.reason,
    detail: record.detail,
  };
}
