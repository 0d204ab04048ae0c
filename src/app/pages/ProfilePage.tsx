import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../protocol/types';
import { api } from '../api';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';

/** 'My profile': the account and its record, from GET /users/me. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<Profile | null>(null);

  useEffect(() => {
    let active = true;
    api()
      .then((client) => client.me())
      .then((loaded) => active && setProfile(loaded))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, []);

  return (
    <section className="page profile">
      <h1>{t('profile.title')}</h1>
      {profile ? (
        <dl>
          <dt>{t('profile.username')}</dt>
          <dd>{profile.username}</dd>
          <dt>{t('profile.email')}</dt>
          <dd>{profile.email}</dd>
          <dt>{t('profile.gamesPlayed')}</dt>
          <dd>{profile.gamesPlayed}</dd>
          <dt>{t('profile.gamesWon')}</dt>
          <dd>{profile.gamesWon}</dd>
        </dl>
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}
