import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordChange, passwordsDiffer } from '../../account/account-changes';
import { saveChange } from '../../account/save-change';
import type { FieldSpec } from '../../forms/use-required-form';
import { useRequiredForm } from '../../forms/use-required-form';
import { showError } from '../../stores/banner';
import { AccountForm } from './AccountForm';
import { resolveLanguage } from '../../i18n/languages';

type Field = 'currentPassword' | 'password' | 'again';

/**
 * Your account: a new password, typed twice, with the current one where the server asks for it.
 * On a Broadside server every other session of the account ends; this one goes on with the new
 * token the answer carries.
 */
export function PasswordChange({ userId, confirms }: { readonly userId: string; readonly confirms: boolean }) {
  const { t, i18n } = useTranslation();
  const form = useRequiredForm<Field>(
    confirms
      ? { currentPassword: '', password: '', again: '' }
      : ({ password: '', again: '' } as Record<Field, string>),
  );
  const [done, setDone] = useState<string | null>(null);
  const fields: FieldSpec<Field>[] = [
    ...(confirms
      ? [
          {
            name: 'currentPassword',
            label: t('account.currentPassword'),
            type: 'password',
            autoComplete: 'current-password',
          } as const,
        ]
      : []),
    { name: 'password', label: t('account.newPassword'), type: 'password', autoComplete: 'new-password' },
    { name: 'again', label: t('account.newPasswordAgain'), type: 'password', autoComplete: 'new-password' },
  ];
  return (
    <AccountForm
      id="account-password"
      title={t('account.passwordTitle')}
      text={confirms ? t('account.passwordText') : undefined}
      form={form}
      fields={fields}
      submit={t('account.passwordSave')}
      done={done}
      onSubmit={async () => {
        setDone(null);
        const { currentPassword, password, again } = form.values;
        if (passwordsDiffer(password, again)) {
          showError({ key: 'account.passwordsDiffer' });
          return;
        }
        form.setBusy(true);
        const answer = await saveChange(
          userId,
          passwordChange(password, currentPassword ?? '', { confirms, language: resolveLanguage(i18n.language) }),
        );
        form.setBusy(false);
        if (!answer) return;
        for (const field of fields) form.set(field.name)('');
        setDone(t(confirms ? 'account.passwordDone' : 'account.passwordDoneHere'));
      }}
    />
  );
}
