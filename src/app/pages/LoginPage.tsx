import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { TextField } from '../components/TextField';
import { hasErrors, requiredFieldErrors, type FieldErrors } from '../forms/validation';
import { ROUTES } from '../routing/paths';
import { logInWithPassword } from './log-in';
import { takeReturnTarget } from '../stores/return-path';

type Field = 'email' | 'password';

/** SPEC §2 Login: e-mail and password; back to the remembered page on success. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
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
    if (await logInWithPassword(values)) navigate(takeReturnTarget(), { replace: true });
    else setBusy(false);
  }

  return (
    <section className="page auth">
      <h1>{t('login.title')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('forms.sending') : t('login.submit')}
        </button>
      </form>
      <p>
        {t('login.noAccount')} <Link href={ROUTES.register}>{t('login.toRegister')}</Link>
      </p>
    </section>
  );
}
