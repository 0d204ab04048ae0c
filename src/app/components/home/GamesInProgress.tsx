import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { Link } from 'wouter';
import type { GameInProgress } from '../../../protocol/types';
import { api } from '../../api';
import { gamePath, lobbyPath } from '../../routing/paths';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly games: readonly GameInProgress[] };

/** Where a game in progress continues: its lobby before it starts, the game page after. */
export function resumePath(game: Pick<GameInProgress, 'slug' | 'status'>): string {
  return game.status === 'UNSTARTED' ? lobbyPath(game.slug) : gamePath(game.slug);
}

/**
 * Home: the rooms this player belongs to that have not ended (GET /users/me/games), each with a
 * link back in, so a lost URL does not lose the game. Nothing is shown when there are none.
 */
export function GamesInProgress({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: userId is the trigger: another account's list is fetched anew
  useEffect(() => {
    let active = true;
    setLoaded({ state: 'loading' });
    api()
      .then((client) => client.myGames())
      .then(({ games }) => active && setLoaded({ state: 'ready', games }))
      .catch(() => active && setLoaded({ state: 'failed' }));
    return () => {
      active = false;
    };
  }, [userId]);

  if (loaded.state === 'loading' || (loaded.state === 'ready' && loaded.games.length === 0)) return null;
  return (
    <section className="card games-in-progress" aria-labelledby="games-in-progress-title">
      <h2 id="games-in-progress-title">{t('myGames.title')}</h2>
      {loaded.state === 'failed' ? (
        <p className="hint">{t('myGames.failed')}</p>
      ) : (
        <ul className="list game-list">
          {loaded.games.map((game) => (
            <li key={game.slug}>
              <span className="grow">
                <Link href={resumePath(game)}>{game.slug}</Link>{' '}
                <span className="opponent">
                  {game.opponent ? t('myGames.against', { username: name(game.opponent) }) : t('myGames.alone')}
                </span>
              </span>{' '}
              <span className={game.status === 'PLAY' ? 'badge accent' : 'badge'}>
                {t(`myGames.status.${game.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
