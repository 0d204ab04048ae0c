import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { passwordsDiffer } from '../account/account-changes';
import { accountsApi } from '../account/accounts-api';
import { resetTokenOfHash } from '../account/reset-token';
import { Logo } from '../art/Logo';
import { errorText } from '../errors/error-text';
import { FormFields } from '../forms/FormFields';
import { useRequiredForm } from '../forms/use-required-form';
import { resolveLanguage } from '../i18n/languages';
import { ROUTES } from '../routing/paths';
import { clearErrors, showError } from '../stores/banner';
import { serverLabel, serverStore } from '../stores/server';
import '../styles/people.css';

/** The token of the link that opened the page. Reading it changes nothing. */
function readToken(): string | null {
  return typeof location === 'undefined' ? null : resetTokenOfHash(location.hash);
}

/**
 * "Forgot your password?" (docs/game.md, "Your account"): the e-mail to send a link to, then, from
 * the link, the new password. Where the server sends no e-mail, the page says so plainly.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(readToken);
  // Out of the address bar once the page holds it, and not before: a render that React drops
  // before showing it (a part of the page still loading) must leave the token for the next one.
  useEffect(() => {
    if (token && location.hash) history.replaceState(history.state, '', location.pathname);
  }, [token]);
  const { capabilities, reach } = useSnapshot(serverStore);
  const unknown = capabilities.source === 'assumed' && reach === 'checking';
  return (
    <section className="page auth" data-testid="reset-page">
      <div className="card auth-card">
        <Logo className="auth-logo" />
        <h1>{t(token ? 'reset.chooseTitle' : 'reset.title')}</h1>
        {unknown ? (
          <p role="status">{t('app.loading')}</p>
        ) : !capabilities.features.passwordReset ? (
          <p className="card-text" data-testid="reset-unavailable">
            {t('reset.unavailable', { server: serverLabel() })}
          </p>
        ) : token ? (
          <ChooseForm token={token} />
        ) : (
          <RequestForm />
        )}
        <p className="auth-switch">
          <Link href={ROUTES.login}>{t('reset.backToLogin')}</Link>
        </p>
      </div>
    </section>
  );
}

/** Step 1: the e-mail; the answer is the same whether it is registered or not. */
function RequestForm() {
  const { t, i18n } = useTranslation();
  const form = useRequiredForm({ email: '' });
  const [sent, setSent] = useState(false);
  const send = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.validate()) return;
    clearErrors();
    form.setBusy(true);
    try {
      await (await accountsApi()).requestPasswordReset({
        email: form.values.email.trim(),
        language: resolveLanguage(i18n.language),
      });
      setSent(true);
    } catch (error) {
      showError(errorText(error));
    } finally {
      form.setBusy(false);
    }
  };
  if (sent) {
    return (
      <p className="card-text" role="status" data-testid="reset-sent">
        {t('reset.sent', { email: form.values.email.trim() })}
      </p>
    );
  }
  return (
    <>
      <p className="card-text">{t('reset.intro')}</p>
      <form onSubmit={(event) => void send(event)} noValidate>
        <FormFields
          form={form}
          fields={[{ name: 'email', label: t('login.email'), type: 'email', autoComplete: 'email' }]}
        />
        <button type="submit" className="primary block" disabled={form.busy}>
          {form.busy ? t('forms.sending') : t('reset.send')}
        </button>
      </form>
    </>
  );
}

/** Step 2, from the link: the new password, typed twice. */
function ChooseForm({ token }: { readonly token: string }) {
  const { t } = useTranslation();
  const form = useRequiredForm({ password: '', again: '' });
  const [done, setDone] = useState(false);
  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.validate()) return;
    if (passwordsDiffer(form.values.password, form.values.again)) {
      showError({ key: 'account.passwordsDiffer' });
      return;
    }
    clearErrors();
    form.setBusy(true);
    try {
      await (await accountsApi()).resetPassword({ token, password: form.values.password });
      setDone(true);
    } catch (error) {
      showError(errorText(error));
      form.setBusy(false);
    }
  };
  if (done) {
    return (
      <>
        <p className="card-text" role="status" data-testid="reset-done">
          {t('reset.done')}
        </p>
        <Link href={ROUTES.login} className="button primary block">
          {t('reset.logIn')}
        </Link>
      </>
    );
  }
  return (
    <>
      <p className="card-text">{t('reset.chooseIntro')}</p>
      <form onSubmit={(event) => void save(event)} noValidate>
        <FormFields
          form={form}
          fields={[
            { name: 'password', label: t('account.newPassword'), type: 'password', autoComplete: 'new-password' },
            { name: 'again', label: t('account.newPasswordAgain'), type: 'password', autoComplete: 'new-password' },
          ]}
        />
        <button type="submit" className="primary block" disabled={form.busy}>
          {form.busy ? t('forms.sending') : t('reset.save')}
        </button>
      </form>
      <p className="hint">
        <Link href={ROUTES.resetPassword}>{t('reset.askAgain')}</Link>
      </p>
    </>
  );
}
