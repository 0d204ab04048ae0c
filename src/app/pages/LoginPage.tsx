import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Logo } from '../art/Logo';
import { ServerChoice } from '../components/ServerChoice';
import { FormFields } from '../forms/FormFields';
import { useRequiredForm } from '../forms/use-required-form';
import { ROUTES } from '../routing/paths';
import { clearErrors } from '../stores/banner';
import { takeReturnTarget } from '../stores/return-path';
import { logInWithPassword } from './log-in';

/** Log in (docs/game.md, The pages): e-mail and password; back to the remembered page on success. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useRequiredForm({ email: '', password: '' });

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!form.validate()) return;
    // A new try: the previous attempt's error no longer applies (issue #13).
    clearErrors();
    form.setBusy(true);
    if (await logInWithPassword(form.values)) navigate(takeReturnTarget(), { replace: true });
    else form.setBusy(false);
  }

  return (
    <section className="page auth">
      <div className="card auth-card">
        <Logo className="auth-logo" />
        <h1>{t('login.title')}</h1>
        <p className="card-text">{t('login.intro')}</p>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <FormFields
            form={form}
            fields={[
              { name: 'email', label: t('login.email'), type: 'email', autoComplete: 'email' },
              { name: 'password', label: t('login.password'), type: 'password', autoComplete: 'current-password' },
            ]}
          />
          <button type="submit" className="primary block" disabled={form.busy}>
            {form.busy ? t('forms.sending') : t('login.submit')}
          </button>
        </form>
        <p className="auth-forgot">
          <Link href={ROUTES.resetPassword}>{t('login.forgot')}</Link>
        </p>
        <p className="auth-switch">
          {t('login.noAccount')} <Link href={ROUTES.register}>{t('login.toRegister')}</Link>
        </p>
        <ServerChoice />
      </div>
    </section>
  );
}
