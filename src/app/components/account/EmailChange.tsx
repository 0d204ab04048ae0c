import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailChange } from '../../account/account-changes';
import { saveChange } from '../../account/save-change';
import type { FieldSpec } from '../../forms/use-required-form';
import { useRequiredForm } from '../../forms/use-required-form';
import { AccountForm } from './AccountForm';
import { resolveLanguage } from '../../i18n/languages';

type Field = 'email' | 'currentPassword';

/** Your account: a new e-mail address, confirmed with the current password where the server asks for it. */
export function EmailChange({
  userId,
  current,
  confirms,
  onChanged,
}: {
  readonly userId: string;
  readonly current: string | null;
  readonly confirms: boolean;
  readonly onChanged: (email: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // Without the confirmation (the original server) the form has no password field to require.
  const form = useRequiredForm<Field>(
    confirms ? { email: '', currentPassword: '' } : ({ email: '' } as Record<Field, string>),
  );
  const [done, setDone] = useState<string | null>(null);
  const fields: FieldSpec<Field>[] = [
    { name: 'email', label: t('account.newEmail'), type: 'email', autoComplete: 'email' },
  ];
  if (confirms) {
    fields.push({
      name: 'currentPassword',
      label: t('account.currentPassword'),
      type: 'password',
      autoComplete: 'current-password',
    });
  }
  return (
    <AccountForm
      id="account-email"
      title={t('account.emailTitle')}
      text={current ? t('account.emailCurrent', { email: current }) : t('account.emailText')}
      form={form}
      fields={fields}
      submit={t('account.emailSave')}
      done={done}
      onSubmit={async () => {
        setDone(null);
        form.setBusy(true);
        const { email, currentPassword } = form.values;
        const answer = await saveChange(
          userId,
          emailChange(email, currentPassword ?? '', { confirms, language: resolveLanguage(i18n.language) }),
        );
        form.setBusy(false);
        if (!answer) return;
        const now = answer.email ?? email.trim();
        onChanged(now);
        for (const field of fields) form.set(field.name)('');
        setDone(t('account.emailDone', { email: now }));
      }}
    />
  );
}
