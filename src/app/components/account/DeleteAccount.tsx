import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountsApi } from '../../account/accounts-api';
import { errorText } from '../../errors/error-text';
import { useRequiredForm } from '../../forms/use-required-form';
import { FormFields } from '../../forms/FormFields';
import { ROUTES } from '../../routing/paths';
import { useRoomSessions } from '../../session/sessions-context';
import { logOut } from '../../stores/auth';
import { clearErrors, showError } from '../../stores/banner';

/**
 * Your account: delete it for good (docs/game.md, "Your account"). The card says what goes and what
 * stays; a first click opens the confirmation, which asks for the password. Once deleted, the
 * player is logged out here (the server already ended every session) and told it is done.
 */
export function DeleteAccount({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const sessions = useRoomSessions();
  const [open, setOpen] = useState(false);
  const form = useRequiredForm({ password: '' });

  const remove = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.validate()) return;
    clearErrors();
    form.setBusy(true);
    try {
      await (await accountsApi()).deleteUser(userId, { password: form.values.password });
    } catch (error) {
      showError(errorText(error));
      form.setBusy(false);
      return;
    }
    sessions.closeAll();
    // Off the guarded page first: logging out on it would send the player to the login page.
    navigate(ROUTES.accountDeleted, { replace: true });
    logOut();
  };

  return (
    <section
      className="card account-card danger-zone"
      aria-labelledby="account-delete-title"
      data-testid="account-delete"
    >
      <h2 id="account-delete-title" className="card-title">
        {t('account.deleteTitle')}
      </h2>
      <p className="card-text">{t('account.deleteText')}</p>
      <ul className="account-facts">
        <li>{t('account.deleteGoes')}</li>
        <li>{t('account.deleteStays')}</li>
        <li>{t('account.deleteFinal')}</li>
      </ul>
      {open ? (
        <form onSubmit={(event) => void remove(event)} noValidate>
          <FormFields
            form={form}
            fields={[
              {
                name: 'password',
                label: t('account.deletePassword'),
                type: 'password',
                autoComplete: 'current-password',
              },
            ]}
          />
          <div className="cluster">
            <button type="submit" className="danger" disabled={form.busy}>
              {form.busy ? t('forms.sending') : t('account.deleteConfirm')}
            </button>
            <button type="button" className="ghost" disabled={form.busy} onClick={() => setOpen(false)}>
              {t('profiles.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="account-submit">
          <button type="button" className="danger" onClick={() => setOpen(true)}>
            {t('account.deleteOpen')}
          </button>
        </div>
      )}
    </section>
  );
}
