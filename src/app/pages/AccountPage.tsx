import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOwnAccount } from '../account/use-own-account';
import { DeleteAccount } from '../components/account/DeleteAccount';
import { EmailChange } from '../components/account/EmailChange';
import { ExportData } from '../components/account/ExportData';
import { PasswordChange } from '../components/account/PasswordChange';
import { UsernameChange } from '../components/account/UsernameChange';
import { ChallengeSettingsCard } from '../components/friends/ChallengeSettingsCard';
import { playerPath, ROUTES } from '../routing/paths';
import { useFeatures } from '../server/use-features';
import { serverLabel } from '../stores/server';
import '../styles/people.css';

/**
 * Your account (docs/game.md, "Your account"): change the username, the e-mail and the password,
 * say who may challenge you (with the `friends` feature), download your data, delete the account. On the original server (no `account` feature) the
 * changes go through its own PUT /users/:id, which asks no current password, and what it lacks
 * (export, deleting one's own account) is said, not offered.
 */
export default function AccountPage({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  const { account: ours, friends } = useFeatures();
  const [account, update] = useOwnAccount(userId, ours);
  return (
    <section className="page account" data-testid="account-page">
      <div className="page-header">
        <h1>{t('account.title')}</h1>
        <p className="lead">
          {t('account.lead')}{' '}
          <Link href={playerPath(userId)} data-testid="public-profile-link">
            {t('account.publicProfile')}
          </Link>
        </p>
      </div>
      {account ? (
        <div className="account-cards">
          <UsernameChange
            userId={userId}
            current={account.username}
            renews={ours}
            onChanged={(username) => update({ username })}
          />
          <EmailChange
            userId={userId}
            current={account.email}
            confirms={ours}
            onChanged={(email) => update({ email })}
          />
          <PasswordChange userId={userId} confirms={ours} />
          {friends && <ChallengeSettingsCard />}
          {ours ? (
            <>
              <ExportData />
              <DeleteAccount userId={userId} />
            </>
          ) : (
            <p className="card hint" data-testid="account-elsewhere">
              {t('account.elsewhere', { server: serverLabel() })}
            </p>
          )}
        </div>
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
      <p className="hint">
        <Link href={ROUTES.profile}>{t('account.backToProfile')}</Link>
      </p>
    </section>
  );
}
