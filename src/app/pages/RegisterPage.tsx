import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { api } from '../api';
import { errorText } from '../errors/error-text';
import { Logo } from '../art/Logo';
import { ServerChoice } from '../components/ServerChoice';
import { FormFields } from '../forms/FormFields';
import { useRequiredForm } from '../forms/use-required-form';
import { ROUTES } from '../routing/paths';
import { clearErrors, showError } from '../stores/banner';
import { takeReturnTarget } from '../stores/return-path';
import { logInWithPassword } from './log-in';

/**
 * Register (docs/game.md): four required fields (the confirmation is not compared), then an
 * automatic login and back to the remembered page.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useRequiredForm({ username: '', email: '', password: '', confirmPassword: '' });

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!form.validate()) return;
    // A new try: the previous attempt's error no longer applies (issue #13).
    clearErrors();
    form.setBusy(true);
    const { username, email, password } = form.values;
    try {
      await (await api()).signUp({ username, email, password });
    } catch (error) {
      showError(errorText(error));
      form.setBusy(false);
      return;
    }
    if (await logInWithPassword({ email, password })) navigate(takeReturnTarget(), { replace: true });
    else form.setBusy(false);
  }

  return (
    <section className="page auth">
      <div className="card auth-card">
        <Logo className="auth-logo" />
        <h1>{t('register.title')}</h1>
        <p className="card-text">{t('register.intro')}</p>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <FormFields
            form={form}
            fields={[
              { name: 'username', label: t('register.username'), autoComplete: 'username' },
              { name: 'email', label: t('register.email'), type: 'email', autoComplete: 'email' },
              { name: 'password', label: t('register.password'), type: 'password', autoComplete: 'new-password' },
              {
                name: 'confirmPassword',
                label: t('register.confirmPassword'),
                type: 'password',
                autoComplete: 'new-password',
              },
            ]}
          />
          <button type="submit" className="primary block" disabled={form.busy}>
            {form.busy ? t('forms.sending') : t('register.submit')}
          </button>
        </form>
        <p className="auth-switch">
          {t('register.haveAccount')} <Link href={ROUTES.login}>{t('register.toLogin')}</Link>
        </p>
        <ServerChoice />
      </div>
    </section>
  );
}
