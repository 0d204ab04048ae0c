import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../account/accounts-api';
import { downloadJson } from '../../account/download';
import { errorText } from '../../errors/error-text';
import { showError } from '../../stores/banner';

/** Your account: everything the server keeps about it, as one JSON file (GET /users/me/export). */
export function ExportData() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async (): Promise<void> => {
    setBusy(true);
    try {
      const data = await (await accountsApi()).exportMine();
      downloadJson(data, 'broadside-account.json');
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-card" aria-labelledby="account-export-title" data-testid="account-export">
      <h2 id="account-export-title" className="card-title">
        {t('account.exportTitle')}
      </h2>
      <p className="card-text">{t('account.exportText')}</p>
      <div className="account-submit">
        <button type="button" className="secondary" disabled={busy} onClick={() => void download()}>
          {t('account.exportButton')}
        </button>
      </div>
    </section>
  );
}
