import { useTranslation } from 'react-i18next';
import type { BannerText } from '../errors/error-text';

/** A banner text in the current language; server messages we do not know are shown as they came. */
export function BannerMessageText({ text }: { text: BannerText }) {
  const { t } = useTranslation();
  const render = (part: BannerText): string => {
    if ('raw' in part) return part.raw;
    if ('parts' in part) return part.parts.map(render).join(' ');
    return String(t(part.key, part.params));
  };
  return <>{render(text)}</>;
}
