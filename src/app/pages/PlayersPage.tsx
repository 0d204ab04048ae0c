import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { UserSearchPage } from '../../protocol/accounts';
import { accountsApi } from '../account/accounts-api';
import { sinceText } from '../account/account-changes';
import { queryOfSearch, SEARCH_MAX, searchQuery } from '../account/search-query';
import { BotBadge } from '../components/bots/BotBadge';
import { errorText } from '../errors/error-text';
import { usePlayerName } from '../players/use-player-name';
import { playerPath, playersPath } from '../routing/paths';
import { showError } from '../stores/banner';
import '../styles/people.css';

const PAGE_SIZE = 20;
/** Typing pauses this long before the search is sent: one request per word, not per key. */
const TYPING_MS = 250;

/**
 * Find a player by the start of their name (docs/game.md, "Profiles"): any case, a page of 20 at a
 * time, each opening the player's profile. What was typed is kept in the address (`?q=`), so Back
 * from a profile returns to the same results.
 */
export default function PlayersPage() {
  const { t, i18n } = useTranslation();
  const name = usePlayerName();
  const inputId = useId();
  const [, navigate] = useLocation();
  const initial = queryOfSearch(useSearch());
  const [typed, setTyped] = useState(initial);
  const [query, setQuery] = useState(searchQuery(initial));
  const [page, setPage] = useState(1);
  const [results, setResults] = useState<UserSearchPage | null>(null);

  // The search follows the typing once it pauses, and the address follows the search.
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = searchQuery(typed);
      if (next === query) return;
      setQuery(next);
      setPage(1);
      navigate(playersPath(next ?? ''), { replace: true });
    }, TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed, query, navigate]);

  useEffect(() => {
    if (query === null) {
      setResults(null);
      return;
    }
    let active = true;
    accountsApi()
      .then((accounts) => accounts.search(query, page, PAGE_SIZE))
      .then((found) => active && setResults(found))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [query, page]);

  const pages = results ? Math.max(1, Math.ceil(results.total / results.pageSize)) : 1;
  return (
    <section className="page players" data-testid="players-page">
      <div className="page-header">
        <h1>{t('profiles.searchTitle')}</h1>
        <p className="lead">{t('profiles.searchLead')}</p>
      </div>
      <search className="search-form">
        <div className="field">
          <label htmlFor={inputId}>{t('profiles.searchLabel')}</label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={typed}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('profiles.searchPlaceholder')}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </search>
      {query !== null && results === null && <p role="status">{t('app.loading')}</p>}
      {results && results.q === query && (
        <>
          <p className="hint" role="status" data-testid="search-count">
            {t('profiles.searchCount', { count: results.total, query: results.q })}
          </p>
          {results.users.length > 0 && (
            <ul className="list player-list" data-testid="search-results">
              {results.users.map((user) => (
                <li key={user.id}>
                  <Link href={playerPath(user.id)} className="player-row">
                    <span className="avatar" aria-hidden="true">
                      {name(user).slice(0, 1)}
                    </span>
                    <span className="grow player-row-text">
                      <span>
                        <strong>{name(user)}</strong> <BotBadge title={user.title} />
                      </span>
                      <span className="hint player-row-since">
                        {t('profiles.since', { date: sinceText(user.creation_date, i18n.language) ?? '' })}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="cluster pager" aria-label={t('history.pages')}>
              <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('profiles.previous')}
              </button>
              <span>{t('history.page', { page, pages })}</span>
              <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('profiles.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
