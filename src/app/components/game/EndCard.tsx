import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { gameStore } from '../../stores/game';
import { ReviewLink } from '../analysis/ReviewLink';
import { RulesBadge, RulesList } from '../rules/RulesBadge';
import { EndSummary } from './EndSummary';

/**
 * ENDED: the end summary as a card over the boards, so the page does not grow; it can be put
 * away to look at the revealed fleets, and brought back.
 */
export function EndCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const { match } = useSnapshot(gameStore);
  if (!open)
    return (
      <button type="button" className="secondary small end-card-open" onClick={() => setOpen(true)}>
        {t('end.show')}
      </button>
    );
  return (
    <div className="card end-card">
      <EndSummary />
      <details className="end-rules">
        <summary>
          <RulesBadge rules={match.rules} />
        </summary>
        <RulesList rules={match.rules} />
      </details>
      <div className="card-actions">
        <ReviewLink />
        <button type="button" className="secondary small" onClick={() => setOpen(false)}>
          {t('end.hide')}
        </button>
      </div>
    </div>
  );
}
