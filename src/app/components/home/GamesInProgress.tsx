import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { Link } from 'wouter';
import type { GameInProgress } from '../../../protocol/types';
import { api } from '../../api';
import { gamePath, lobbyPath } from '../../routing/paths';
import { errorText } from '../../errors/error-text';
import { showError } from '../../stores/banner';
import type { User } from '../../stores/user';
import { isErrorAck } from '../../../protocol/types';

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
 * link back in, so a lost URL does not lose the game, and a Dismiss for one whose game never
 * started (it leaves the room, as Leave in its lobby does). Nothing is shown when there are none.
 */
export function GamesInProgress({ user }: { readonly user: User }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const userId = user.id;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [dismissing, setDismissing] = useState<string | null>(null);

  const dismiss = async (slug: string): Promise<void> => {
    setDismissing(slug);
    try {
      // The socket client is loaded only now: Home's first load stays without it.
      const { dismissRoom } = await import('../../session/dismiss-room');
      const reply = await dismissRoom(slug, user);
      if (isErrorAck(reply)) showError(errorText(reply));
      else
        setLoaded((now) => (now.state === 'ready' ? { ...now, games: now.games.filter((g) => g.slug !== slug) } : now));
    } finally {
      setDismissing(null);
    }
  };

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
              {game.status === 'UNSTARTED' ? (
                <button
                  type="button"
                  className="secondary small dismiss"
                  disabled={dismissing !== null}
                  aria-label={t('myGames.dismissLabel', { slug: game.slug })}
                  onClick={() => void dismiss(game.slug)}
                >
                  {t('myGames.dismiss')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
