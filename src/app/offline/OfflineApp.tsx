import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OfflineGame } from '../../protocol/offline-game';
import { Logo } from '../art/Logo';
import { RulesBadge } from '../components/rules/RulesBadge';
import { LanguageFlags } from '../components/LanguageFlags';
import { usePlayerName } from '../players/use-player-name';
import { Viewer } from '../replay/Viewer';
import { preferencesStore, toggleTheme } from '../stores/preferences';
import { offlineEndText } from './end-text';
import { gameOfQuery, loadOfflineGame, OfflineGameError } from './load-game';

/** The address of another game of the same run (a full page load: the viewer starts at its first shot). */
const gameHref = (id: string): string => `view.html?game=${encodeURIComponent(id)}`;

/** Dark mode and the language, as the app's profile panel offers them (there is no account here). */
function Preferences() {
  const { t } = useTranslation();
  const { theme } = useSnapshot(preferencesStore);
  return (
    <div className="header-actions offline-preferences">
      <label className="switch">
        <input type="checkbox" checked={theme === 'dark'} onChange={toggleTheme} />
        {t('panel.darkMode')}
      </label>
      <LanguageFlags hideLegend />
    </div>
  );
}

function Game({ game }: { game: OfflineGame }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const [a, b] = game.record.players.map((p) => name(p));
  const translate = (key: string, values?: Record<string, string>) => t(key, values ?? {});
  const run = game.run;
  useEffect(() => {
    document.title = `${t('replay.title', { a: a ?? '', b: b ?? '' })} — ${run ? run.title : game.id}`;
  }, [t, a, b, run, game.id]);
  return (
    <section className="page replay boards-view offline-game" data-testid="offline-game">
      <div className="page-header">
        <h1>{t('replay.title', { a: a ?? '', b: b ?? '' })}</h1>
        <RulesBadge rules={game.record.rules} />
      </div>
      <p className="subtitle offline-source">
        {run ? t('offline.gameOf', { id: game.id, run: run.title }) : t('offline.file', { id: game.id })}
        {game.end.detail ? <span className="offline-detail"> · {game.end.detail}</span> : null}
      </p>
      <Viewer record={game.record} endText={offlineEndText(translate, game)} />
      {run ? (
        <nav className="cluster offline-nav" aria-label={t('offline.navigation')}>
          {run.previous ? (
            <a className="button secondary small" href={gameHref(run.previous)} rel="prev">
              {t('offline.previous', { id: run.previous })}
            </a>
          ) : null}
          <a className="button secondary small" href="./">
            {t('offline.allGames', { count: run.games })}
          </a>
          {run.next ? (
            <a className="button secondary small" href={gameHref(run.next)} rel="next">
              {t('offline.next', { id: run.next })}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** view.html: the game `?game=ID` that `broadside view` serves, in the replay viewer of the web client. */
export function OfflineApp() {
  const { t } = useTranslation();
  const id = gameOfQuery(window.location.search);
  const [game, setGame] = useState<OfflineGame | null>(null);
  const [error, setError] = useState<string | null>(id === null ? 'noGame' : null);

  useEffect(() => {
    if (id === null) return;
    let active = true;
    loadOfflineGame(id).then(
      (loaded) => active && setGame(loaded),
      (e: unknown) => active && setError(e instanceof OfflineGameError ? e.message : 'unreadable'),
    );
    return () => {
      active = false;
    };
  }, [id]);

  return (
    <div className="layout">
      <header className="header">
        <a href="./" className="brand">
          <Logo />
          <span>{t('app.name')}</span>
        </a>
        <Preferences />
      </header>
      <main className="content">
        {game ? (
          <Game game={game} />
        ) : error ? (
          <section className="page" data-testid="offline-error">
            <h1>{t('offline.errorTitle')}</h1>
            <p className="lead">{t(`offline.errors.${error}`, { id: id ?? '' })}</p>
          </section>
        ) : (
          <p className="page" role="status">
            {t('app.loading')}
          </p>
        )}
      </main>
    </div>
  );
}
