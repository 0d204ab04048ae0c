import { useId } from 'react';
import type { Language } from '../i18n/languages';

/*
 * Flags drawn in SVG: emoji flags are not rendered on Windows nor on Linux without an emoji font,
 * where they show as two letters or empty boxes. Decorative: the button carries the language name.
 */
function FrenchFlag() {
  return (
    <svg viewBox="0 0 3 2" width="30" height="20" aria-hidden="true" focusable="false">
      <rect width="1" height="2" x="0" fill="#002654" />
      <rect width="1" height="2" x="1" fill="#ffffff" />
      <rect width="1" height="2" x="2" fill="#ce1126" />
    </svg>
  );
}

function BritishFlag() {
  const id = useId();
  const clip = `${id}-clip`;
  return (
    <svg viewBox="0 0 60 30" width="30" height="20" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#ffffff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${clip})`} stroke="#c8102e" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#ffffff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}

export function FlagIcon({ language }: { language: Language }) {
  return language === 'fr' ? <FrenchFlag /> : <BritishFlag />;
}
