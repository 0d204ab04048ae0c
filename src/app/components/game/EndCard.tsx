import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EndSummary } from './EndSummary';

/**
 * ENDED: the end summary as a card over the boards, so the page does not grow; it can be put
 * away to look at the revealed fleets, and brought back.
 */
export function EndCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!open)
    return (
      <button type="button" className="secondary small end-card-open" onClick={() => setOpen(true)}>
        {t('end.show')}
      </button>
    );
  return (
    <div className="card end-card">
      <EndSummary />
      <div className="card-actions">
        <button type="button" className="secondary small" onClick={() => setOpen(false)}>
          {t('end.hide')}
        </button>
      </div>
    </div>
  );
}
