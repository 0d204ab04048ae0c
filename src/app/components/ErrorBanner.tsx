import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { bannerStore, dismissError } from '../stores/banner';
import { BannerMessageText } from './BannerMessageText';
import { ICONS } from './icons';

/** The global, dismissible error banner (docs/game.md, Routes). */
export function ErrorBanner() {
  const { messages } = useSnapshot(bannerStore);
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <section className="banner" role="alert" aria-label={t('banner.label')}>
      {messages.map((message) => (
        <p key={message.id} className="banner-message">
          <span>
            <BannerMessageText text={message.text} />
          </span>
          <button
            type="button"
            className="icon-button"
            onClick={() => dismissError(message.id)}
            aria-label={t('banner.dismiss')}
          >
            {ICONS.dismiss}
          </button>
        </p>
      ))}
    </section>
  );
}
