import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Leaderboard, LeaderboardEntry } from '../../protocol/history';
import { api } from '../api';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';

function Row({ entry, mine }: { entry: LeaderboardEntry; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <tr className={mine ? 'mine' : undefined} aria-current={mine ? 'true' : undefined}>
      <td>{entry.rank}</td>
      <td>{entry.username}</td>
      <td>
        {entry.rating}
        {entry.provisional ? <span title={t('leaderboard.provisional')}>?</span> : null}
      </td>
      <td>{entry.games}</td>
      <td>{entry.wins}</td>
    </tr>
  );
}

/** /leaderboard: the 100 best ratings (Glicko-2, games between people) and the visitor's own rank. */
export default function LeaderboardPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [board, setBoard] = useState<Leaderboard | null>(null);
  useEffect(() => {
    let active = true;
    api()
      .then((client) => client.leaderboard(100))
      .then((loaded) => active && setBoard(loaded))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, []);
  const inTop = board?.players.some((p) => p.userId === userId) ?? false;
  return (
    <section className="page leaderboard" data-testid="leaderboard-page">
      <div className="page-header">
        <h1>{t('leaderboard.title')}</h1>
      </div>
      <p className="lead">{t('leaderboard.lead')}</p>
      {board === null ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <>
          <p className="card" data-testid="leaderboard-me">
            {board.me
              ? t('leaderboard.mine', { rank: board.me.rank, total: board.total, rating: board.me.rating })
              : t('leaderboard.unrated')}
          </p>
          {board.players.length === 0 ? (
            <p>{t('leaderboard.empty')}</p>
          ) : (
            <div className="card table-card">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('leaderboard.rank')}</th>
                    <th scope="col">{t('leaderboard.player')}</th>
                    <th scope="col">{t('leaderboard.rating')}</th>
                    <th scope="col">{t('leaderboard.games')}</th>
                    <th scope="col">{t('leaderboard.wins')}</th>
                  </tr>
                </thead>
                <tbody>
                  {board.players.map((p) => (
                    <Row key={p.userId} entry={p} mine={p.userId === userId} />
                  ))}
                  {!inTop && board.me ? <Row entry={board.me} mine /> : null}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
