import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { rulesName } from '../../rules/rule-choice';
import { RulesBadge } from '../rules/RulesBadge';
import { Link } from 'wouter';
import type { HistoryPage } from '../../../protocol/history';
import { api } from '../../api';
import { errorText } from '../../errors/error-text';
import { replayPath } from '../../routing/paths';
import { showError } from '../../stores/banner';

const PAGE_SIZE = 10;

/** A player's finished games (the caller's by default), newest first, a page at a time; each opens the replay viewer. */
export function HistoryList({ userId = 'me' }: { readonly userId?: string }) {
  const { t, i18n } = useTranslation();
  const name = usePlayerName();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<HistoryPage | null>(null);
  useEffect(() => {
    let active = true;
    api()
      .then((client) => client.history(userId, page, PAGE_SIZE))
      .then((loaded) => active && setData(loaded))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [userId, page]);
  if (!data) return <p role="status">{t('app.loading')}</p>;
  if (data.total === 0) return <p>{t('history.empty')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  return (
    <>
      <ul className="list history" data-testid="history">
        {data.games.map((g) => {
          const opponent = g.opponent ? name(g.opponent) : '?';
          const change = g.rating ? Math.round(g.rating.after - g.rating.before) : null;
          return (
            <li key={g.gameId} className="history-item">
              <Link href={replayPath(g.gameId)} className="history-link">
                <span className={`badge ${g.result === 'WON' ? 'success' : 'danger'}`}>
                  {t(`history.result.${g.result}`)}
                </span>
                <span className="history-main">
                  <strong>{t('history.against', { opponent })}</strong>
                  {/* The classic game is the default: only other rules are named. */}
                  {rulesName(g.rules) !== 'classic' && <RulesBadge rules={g.rules} />}
                  <span className="hint">
                    {t(`history.reasons.${g.endReason}`)} ·{' '}
                    {t('history.shots', { count: g.shots, hits: t('history.hits', { count: g.hits }) })}
                    {change !== null && (
                      <>
                        {' · '}
                        {/* The rating of these rules moved by this much: named, and kept on one line. */}
                        <span className="history-rating">{t('history.rating', { change: signed.format(change) })}</span>
                      </>
                    )}
                  </span>
                </span>
                <time dateTime={new Date(g.endedAt).toISOString()} className="hint">
                  {date.format(g.endedAt)}
                </time>
              </Link>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav className="cluster pager" aria-label={t('history.pages')}>
          <button type="button" className="button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('history.newer')}
          </button>
          <span>{t('history.page', { page, pages })}</span>
          <button type="button" className="button secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('history.older')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
