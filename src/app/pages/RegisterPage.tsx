import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { api } from '../api';
import { TextField } from '../components/TextField';
import { errorText } from '../errors/error-text';
import { hasErrors, requiredFieldErrors, type FieldErrors } from '../forms/validation';
import { ROUTES } from '../routing/paths';
import { showError } from '../stores/banner';
import { takeReturnTarget } from '../stores/return-path';
import { logInWithPassword } from './log-in';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';

/**
 * SPEC §2 Register: four required fields (the confirmation is not compared, SPEC §5), then an
 * automatic login and back to the remembered page.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const found = requiredFieldErrors(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const { username, email, password } = values;
    try {
      await (await api()).signUp({ username, email, password });
    } catch (error) {
      showError(errorText(error));
      setBusy(false);
      return;
    }
    if (await logInWithPassword({ email, password })) navigate(takeReturnTarget(), { replace: true });
    else setBusy(false);
  }

  return (
    <section className="page auth">
      <h1>{t('register.title')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('register.username')}
          name="username"
          autoComplete="username"
          value={values.username}
          error={errors.username}
          onChange={set('username')}
        />
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label={t('register.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <TextField
          label={t('register.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('forms.sending') : t('register.submit')}
        </button>
      </form>
      <p>
        {t('register.haveAccount')} <Link href={ROUTES.login}>{t('register.toLogin')}</Link>
      </p>
    </section>
  );
}
