import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usernameChange } from '../../account/account-changes';
import { saveChange } from '../../account/save-change';
import { useRequiredForm } from '../../forms/use-required-form';
import { AccountForm } from './AccountForm';

/** Your account: a new username, under the sign-up rules (the server says which one is broken). */
export function UsernameChange({
  userId,
  current,
  renews,
  onChanged,
}: {
  readonly userId: string;
  readonly current: string;
  /** False on the original server: its tokens keep the old name until the next login. */
  readonly renews: boolean;
  readonly onChanged: (username: string) => void;
}) {
  const { t } = useTranslation();
  const form = useRequiredForm({ username: current });
  const [done, setDone] = useState<string | null>(null);
  return (
    <AccountForm
      id="account-username"
      title={t('account.usernameTitle')}
      text={t('account.usernameText')}
      form={form}
      fields={[{ name: 'username', label: t('account.username'), autoComplete: 'username' }]}
      submit={t('account.usernameSave')}
      done={done}
      onSubmit={async () => {
        setDone(null);
        form.setBusy(true);
        const answer = await saveChange(userId, usernameChange(form.values.username));
        form.setBusy(false);
        if (!answer) return;
        onChanged(answer.username);
        setDone(t(renews ? 'account.usernameDone' : 'account.usernameDoneRelog', { username: answer.username }));
      }}
    />
  );
}
