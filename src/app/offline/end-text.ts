import type { OfflineGame } from '../../protocol/offline-game';

export type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * How a refereed game ended, in the reader's language ("hunt won: hang ran out of time"): the
 * harness's reason when the file gives it, else the record's own end reason as the replay page says
 * it. The loser is the other player of the record.
 */
export function offlineEndText(t: Translate, game: OfflineGame): string {
  const loser = game.record.players.find((p) => p.userId !== game.record.winner)?.username ?? '';
  const winner = game.end.winner;
  if (game.end.reason === null)
    return t('watch.won', { username: winner, reason: t(`history.reasons.${game.record.endReason}`) });
  return t(`offline.end.${game.end.reason}`, { winner, loser });
}
