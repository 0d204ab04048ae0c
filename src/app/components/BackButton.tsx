import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ROUTES } from '../routing/paths';

/** docs/game.md, Routes: game pages have a 'Back' button to /. */
export function BackButton() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <button type="button" className="secondary" onClick={() => navigate(ROUTES.home)}>
      {t('nav.back')}
    </button>
  );
}
