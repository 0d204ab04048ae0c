import { useEffect, useState } from 'react';
import type { LiveGame } from '../../protocol/live-games';
import { api } from '../api';
import { LIVE_GAMES_REFRESH_MS } from './live-games';

export type LiveGamesState =
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly games: readonly LiveGame[]; readonly at: number };

/**
 * The live games, asked again every LIVE_GAMES_REFRESH_MS while the page is visible and at once when
 * it comes back into view. A failed refresh keeps the list shown so far.
 */
export function useLiveGames(): LiveGamesState {
  const [loaded, setLoaded] = useState<LiveGamesState>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    const load = (): void => {
      if (document.visibilityState === 'hidden') return;
      api()
        .then((client) => client.liveGames())
        .then(({ games }) => active && setLoaded({ state: 'ready', games, at: Date.now() }))
        .catch(() => active && setLoaded((now) => (now.state === 'ready' ? now : { state: 'failed' })));
    };
    load();
    const timer = setInterval(load, LIVE_GAMES_REFRESH_MS);
    document.addEventListener('visibilitychange', load);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
    };
  }, []);
  return loaded;
}
