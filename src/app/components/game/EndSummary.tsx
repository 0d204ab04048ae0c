import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { endSummary } from '../../session/end-summary';
import type { ShotStats } from '../../../game';
import { gameStore } from '../../stores/game';
import { RatingChangeLine } from './RatingChangeLine';

/** ENDED: 'You won' / 'You lost', how, and both players' shots and accuracy. */
export function EndSummary() {
  const { t, i18n } = useTranslation();
  const name = usePlayerName();
  const snapshot = useSnapshot(gameStore);
  const summary = endSummary({ ...snapshot, endReason: snapshot.match.endReason });
  if (!summary) return null;
  const me = snapshot.members.find((member) => member.userId === snapshot.userId)?.username ?? '';
  const opponent = summary.opponent === null ? t('game.opponentFallback') : name({ username: summary.opponent });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const accuracy = (stats: ShotStats) => (stats.accuracy === null ? t('end.none') : percent.format(stats.accuracy));
  const rows = [
    { name: t('presence.you', { username: me }), stats: summary.mine },
    { name: opponent, stats: summary.theirs },
  ];
  return (
    <div className="end-summary" data-outcome={summary.outcome}>
      <div className="end-verdict">
        <p className="end-outcome">{t(summary.outcome === 'won' ? 'end.won' : 'end.lost')}</p>
        {summary.reason && (
          <p className="end-reason">{t(`end.how.${summary.outcome}.${summary.reason}`, { opponent })}</p>
        )}
        <RatingChangeLine />
        {snapshot.rematch && (
          <p className="end-rematch">
            {t('rematch.note', { username: snapshot.rematch.by ? name(snapshot.rematch.by) : opponent })}
          </p>
        )}
      </div>
      <table className="end-stats">
        <caption>{t('end.stats')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('end.player')}</th>
            <th scope="col">{t('end.shots')}</th>
            <th scope="col">{t('end.hits')}</th>
            <th scope="col">{t('end.accuracy')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.stats.shots}</td>
              <td>{row.stats.hits}</td>
              <td>{accuracy(row.stats)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
