import { useTranslation } from 'react-i18next';
import type { BannerText } from '../errors/error-text';

/** A banner text in the current language; the server's own messages are shown as they came. */
export function BannerMessageText({ text }: { text: BannerText }) {
  const { t } = useTranslation();
  return <>{'raw' in text ? text.raw : t(text.key, text.params)}</>;
}
