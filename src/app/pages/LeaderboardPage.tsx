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

/** The rules the server applies (docs/game.md, Ratings), said in the player's language. */
function Rules({ rules }: { rules: NonNullable<Leaderboard['rules']> }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="leaderboard-rules" data-testid="leaderboard-rules">
      <h2 id="leaderboard-rules" className="section-title">
        {t('leaderboard.rulesTitle')}
      </h2>
      <ul className="card rules-list">
        <li>{t('leaderboard.ruleGlicko')}</li>
        <li>{t('leaderboard.rulePlayed')}</li>
        {rules.ratedGamesPerPairPerDay > 0 ? (
          <li>{t('leaderboard.rulePair', { count: rules.ratedGamesPerPairPerDay })}</li>
        ) : null}
        <li>{t('leaderboard.ruleListed', { count: rules.minGames })}</li>
      </ul>
    </section>
  );
}

/** The visitor's own line: their rank, or how far they are from being listed. */
function mineText(t: (key: string, options?: Record<string, unknown>) => string, board: Leaderboard): string {
  const { me } = board;
  if (!me) return t('leaderboard.unrated');
  if (me.ranked === false)
    return t('leaderboard.notListed', { count: me.games, rating: me.rating, min: board.rules?.minGames ?? '' });
  return t('leaderboard.mine', { rank: me.rank, total: board.total, rating: me.rating });
}

/** /leaderboard: the 100 best ratings (Glicko-2, games between people), the visitor's own rank and the rules. */
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
            {mineText(t, board)}
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
                  {!inTop && board.me && board.me.ranked !== false ? <Row entry={board.me} mine /> : null}
                </tbody>
              </table>
            </div>
          )}
          {board.rules ? <Rules rules={board.rules} /> : null}
        </>
      )}
    </section>
  );
}
