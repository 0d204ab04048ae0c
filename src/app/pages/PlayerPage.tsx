import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PublicUser } from '../../protocol/accounts';
import type { RulesStats } from '../../protocol/history';
import { accountsApi } from '../account/accounts-api';
import { api } from '../api';
import { HistoryList } from '../components/history/HistoryList';
import { PlayerIdentity } from '../components/profile/PlayerIdentity';
import { PROFILE_ACTIONS, PROFILE_SECTIONS } from '../components/profile/profile-slots';
import { RulesStatsTable } from '../components/RulesStatsTable';
import { errorText } from '../errors/error-text';
import { ROUTES } from '../routing/paths';
import { useFeatures } from '../server/use-features';
import { showError } from '../stores/banner';
import { serverLabel } from '../stores/server';
import '../styles/people.css';

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'found'; player: PublicUser };

/**
 * A player's public profile (docs/game.md, "Profiles"): the name, since when, the actions (add
 * friend, challenge, message, block: components/profile/profile-slots.ts), the record and rating
 * by rules, and the recent games with their replays. Never an e-mail: GET /users/:id has none, and
 * the original server's, which has one, is parsed without it.
 */
export default function PlayerPage({ id, myId }: { readonly id: string; readonly myId: string }) {
  const { t } = useTranslation();
  const features = useFeatures();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [byRules, setByRules] = useState<readonly RulesStats[] | null>(null);
  const own = id === myId;

  useEffect(() => {
    let active = true;
    setLoaded({ kind: 'loading' });
    setByRules(null);
    accountsApi()
      .then((accounts) => accounts.user(id))
      .then((player) => active && setLoaded({ kind: 'found', player }))
      .catch((error: unknown) => {
        if (!active) return;
        const status = (error as { status?: unknown }).status;
        // The original answers 400 for an id that is not a UUID: no such player either.
        if (status === 404 || status === 400) setLoaded({ kind: 'missing' });
        else showError(errorText(error));
      });
    return () => {
      active = false;
    };
  }, [id]);

  useEffect(() => {
    if (!features.ratings) return;
    let active = true;
    api()
      .then((client) => client.stats(id))
      .then((stats) => active && setByRules(stats.byRules))
      .catch(() => active && setByRules(null));
    return () => {
      active = false;
    };
  }, [id, features.ratings]);

  if (loaded.kind === 'loading')
    return (
      <p className="page" role="status">
        {t('app.loading')}
      </p>
    );
  if (loaded.kind === 'missing') {
    return (
      <section className="page player-profile" data-testid="player-missing">
        <div className="card">
          <h1>{t('profiles.missingTitle')}</h1>
          <p className="card-text">{t('profiles.missing')}</p>
          {features.search && (
            <Link href={ROUTES.players} className="button primary">
              {t('profiles.findPlayers')}
            </Link>
          )}
        </div>
      </section>
    );
  }
  const { player } = loaded;
  return (
    <section className="page player-profile" data-testid="player-page">
      <div className="card profile-card">
        <PlayerIdentity player={player} />
        {own ? (
          <p className="profile-note">
            {t('profiles.ownNote')}{' '}
            <Link href={ROUTES.account} data-testid="edit-account">
              {t('profiles.editAccount')}
            </Link>
          </p>
        ) : (
          <div className="profile-actions" data-testid="profile-actions">
            {PROFILE_ACTIONS.map(({ id: slot, Component }) => (
              <Component key={slot} player={player} own={own} />
            ))}
          </div>
        )}
      </div>
      {features.ratings && byRules && (
        <section className="section" aria-labelledby="player-by-rules">
          <h2 id="player-by-rules" className="section-title">
            {t('profile.byRules')}
          </h2>
          <RulesStatsTable stats={byRules} />
        </section>
      )}
      {PROFILE_SECTIONS.map(({ id: slot, Component }) => (
        <Component key={slot} player={player} own={own} />
      ))}
      {features.history ? (
        <section className="section" aria-labelledby="player-games">
          <h2 id="player-games" className="section-title">
            {t('profiles.recentGames')}
          </h2>
          <HistoryList userId={player.id} />
        </section>
      ) : (
        <p className="card hint">{t('profiles.noRecord', { server: serverLabel() })}</p>
      )}
    </section>
  );
}
