import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RatingSummary, RulesStats } from '../../protocol/history';
import { BotBadge } from '../components/bots/BotBadge';
import { RulesStatsTable } from '../components/RulesStatsTable';
import type { Profile } from '../../protocol/types';
import { HistoryList } from '../components/history/HistoryList';
import { LogoutEverywhere } from '../components/LogoutEverywhere';
import { playerPath, ROUTES } from '../routing/paths';
import { api } from '../api';
import { errorText } from '../errors/error-text';
import { useFeatures } from '../server/use-features';
import { authStore } from '../stores/auth';
import { showError } from '../stores/banner';
import { serverLabel } from '../stores/server';

/** Wins over games as a whole percentage, or a dash before the first game. */
function winRate(won: number, played: number): string {
  return played > 0 ? `${Math.round((100 * won) / played)} %` : '–';
}

/** 'My profile': the account and its record, from GET /users/me. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [rating, setRating] = useState<RatingSummary | null>(null);
  const [byRules, setByRules] = useState<readonly RulesStats[] | null>(null);
  const features = useFeatures();
  const { record, ratings } = features;

  useEffect(() => {
    // A server without records (the original) is asked nothing: its /users/me is another shape.
    if (!record) return;
    let active = true;
    api()
      .then(async (client) => {
        const [loaded, rated, stats] = await Promise.all([
          client.me(),
          ratings ? client.rating('me') : null,
          // Statistics per rules come with ratings; a server without them leaves the section out.
          ratings ? client.stats('me').catch(() => null) : null,
        ]);
        if (!active) return;
        setProfile(loaded);
        setRating(rated?.rating ?? null);
        setByRules(stats?.byRules ?? null);
      })
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [record, ratings]);

  if (!record) return <ProfileWithoutRecord />;

  // Games against the computer are counted apart from games against people (issue 12).
  const computerPlayed = profile?.computerGamesPlayed ?? 0;
  const computerWon = profile?.computerGamesWon ?? 0;
  return (
    <section className="page profile">
      <div className="page-header">
        <h1>{t('profile.title')}</h1>
      </div>
      {profile ? (
        <>
          <div className="card profile-card">
            <div className="profile-identity">
              <span className="avatar large" aria-hidden="true">
                {profile.username.slice(0, 1)}
              </span>
              <dl className="identity">
                <dt>{t('profile.username')}</dt>
                <dd className="username">
                  {profile.username} <BotBadge title={profile.title} />
                </dd>
                <dt>{t('profile.email')}</dt>
                <dd>{profile.email}</dd>
              </dl>
            </div>
            <AccountLinks userId={profile.id} />
          </div>
          <section className="section" aria-labelledby="profile-record">
            <h2 id="profile-record" className="section-title">
              {t('profile.record')}
            </h2>
            <dl className="stats">
              <div className="stat">
                <dt>{t('profile.gamesPlayed')}</dt>
                <dd>{profile.gamesPlayed}</dd>
              </div>
              <div className="stat">
                <dt>{t('profile.gamesWon')}</dt>
                <dd>{profile.gamesWon}</dd>
              </div>
              <div className="stat">
                <dt>{t('profile.winRate')}</dt>
                <dd>{winRate(profile.gamesWon, profile.gamesPlayed)}</dd>
              </div>
              {ratings && (
                <div className="stat" data-testid="profile-rating">
                  <dt>{t('profile.rating')}</dt>
                  <dd>
                    <span className="nowrap">{rating ? `${rating.rating}${rating.provisional ? '?' : ''}` : '–'}</span>
                    {/* The leaderboard's own rank, only where it lists the player (docs/game.md, "Ratings"). */}
                    {rating ? (
                      <Link href={ROUTES.leaderboard} className="stat-note">
                        {rating.ranked === false ? t('profile.notRanked') : t('profile.rank', { rank: rating.rank })}
                      </Link>
                    ) : null}
                  </dd>
                </div>
              )}
            </dl>
          </section>
          <section className="section" aria-labelledby="profile-computer">
            <h2 id="profile-computer" className="section-title">
              {t('profile.computer')}
            </h2>
            <dl className="stats" data-testid="computer-record">
              <div className="stat">
                <dt>{t('profile.computerGames')}</dt>
                <dd>{computerPlayed}</dd>
              </div>
              <div className="stat">
                <dt>{t('profile.computerWins')}</dt>
                <dd>{computerWon}</dd>
              </div>
              <div className="stat">
                <dt>{t('profile.winRate')}</dt>
                <dd>{winRate(computerWon, computerPlayed)}</dd>
              </div>
            </dl>
          </section>
          {profile.title === 'BOT' ? (
            <p className="card hint" data-testid="bot-account-note">
              {t('bots.profileNote')}
            </p>
          ) : null}
          {byRules ? (
            <section className="section" aria-labelledby="profile-by-rules">
              <h2 id="profile-by-rules" className="section-title">
                {t('profile.byRules')}
              </h2>
              <RulesStatsTable stats={byRules} />
            </section>
          ) : null}
          {features.history && (
            <section className="section" aria-labelledby="profile-history">
              <h2 id="profile-history" className="section-title">
                {t('history.title')}
              </h2>
              <HistoryList />
            </section>
          )}
          {features.sessions && <LogoutEverywhere />}
        </>
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}

/** 'My profile' on a server that keeps no record of games (the original): who is logged in, where. */
function ProfileWithoutRecord() {
  const { t } = useTranslation();
  const username = authStore.user?.username ?? '';
  return (
    <section className="page profile">
      <div className="page-header">
        <h1>{t('profile.title')}</h1>
      </div>
      <div className="card profile-card">
        <div className="profile-identity">
          <span className="avatar large" aria-hidden="true">
            {username.slice(0, 1)}
          </span>
          <dl className="identity">
            <dt>{t('profile.username')}</dt>
            <dd className="username">{username}</dd>
          </dl>
        </div>
        {authStore.user && <AccountLinks userId={authStore.user.id} />}
        <p className="card-text">{t('server.noRecord', { server: serverLabel() })}</p>
      </div>
    </section>
  );
}

/** Your account's settings and your profile as others see it (docs/game.md, "Your account"). */
function AccountLinks({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  return (
    <div className="card-actions">
      <Link href={ROUTES.account} className="button secondary small" data-testid="account-link">
        {t('profile.account')}
      </Link>
      <Link href={playerPath(userId)} className="button small" data-testid="public-profile">
        {t('profile.publicProfile')}
      </Link>
    </div>
  );
}
