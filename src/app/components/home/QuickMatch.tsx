import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BotLevel } from '../../../protocol/types';
import { formatElapsed, isSearching, searchView } from '../../session/quick-match';
import { lobbyStore } from '../../stores/lobby';
import { useNow } from '../use-now';

/**
 * Home's "Find an opponent" (issue 12): the button, then the time waited with Cancel and, once the
 * server's delay has passed, the offer to play the computer instead (the search goes on until the
 * player takes it).
 */
export function QuickMatch({
  level,
  onFind,
  onCancel,
  onComputer,
}: {
  readonly level: BotLevel;
  readonly onFind: () => void;
  readonly onCancel: () => void;
  readonly onComputer: () => void;
}) {
  const { t } = useTranslation();
  const { search } = useSnapshot(lobbyStore);
  const searching = isSearching(search);
  const view = searchView(search, useNow(searching, 500));
  const findRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const was = useRef(searching);
  // The button pressed is replaced by the other one: a keyboard player's focus follows it (only on
  // a change: the first paint must not take the focus).
  useEffect(() => {
    if (was.current === searching) return;
    was.current = searching;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    (searching ? cancelRef : findRef).current?.focus();
  }, [searching]);
  if (!searching) {
    return (
      <button ref={findRef} type="button" className="primary" onClick={onFind}>
        {t('quickMatch.find')}
      </button>
    );
  }
  return (
    <div className="quick-match" data-phase={search.phase}>
      <div className="search-head">
        <span className="sonar" aria-hidden="true" />
        {/* The live region says it once; the ticking time stays out of it. */}
        <p className="search-status" role="status">
          {t('quickMatch.searching')}
        </p>
        <span className="search-time" data-testid="search-time">
          {formatElapsed(view?.elapsedMs ?? 0)}
        </span>
      </div>
      <p className="search-note" aria-live="polite">
        {view?.offerComputer
          ? t('quickMatch.offer', { level: t(`computer.levels.${level}.name`) })
          : t('quickMatch.hint')}
      </p>
      <div className="search-actions">
        {view?.offerComputer && (
          <button type="button" className="primary small" onClick={onComputer}>
            {t('quickMatch.playComputer')}
          </button>
        )}
        <button
          ref={cancelRef}
          type="button"
          className="small"
          disabled={search.phase === 'leaving'}
          onClick={onCancel}
        >
          {t('quickMatch.cancel')}
        </button>
      </div>
    </div>
  );
}
