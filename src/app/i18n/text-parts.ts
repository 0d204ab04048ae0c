/*
 * The interface's texts come in two parts, cut from each locales/{lng}/translation.json at build
 * time (vite.config.ts, translationParts): `first`, what the first paint of any page needs (the
 * shell, Home, the errors), and `later`, the other pages' texts, loaded with the first page that
 * needs them (src/app/i18n/lazy-with-texts.ts). Both end up in the `translation` namespace.
 */

export const TEXT_PARTS = ['first', 'later'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

/**
 * The top-level sections of translation.json in the first part. A component of the first load
 * (Home, the navigation, the banner) reads only these; tests/unit/app/text-parts.test.ts checks it.
 */
export const FIRST_SECTIONS: readonly string[] = [
  'app',
  'nav',
  'banner',
  'home',
  'computer',
  'quickMatch',
  'openGames',
  'forms',
  'clock',
  'myGames',
  'errors',
  'howToPlay',
  'rules',
  'server',
  'bots',
  'players',
  'admin',
  'friends',
  'login',
  'register',
];

/** The sections of one part of a translation tree. */
export function textPart(tree: Readonly<Record<string, unknown>>, part: TextPart): Record<string, unknown> {
  const first = new Set(FIRST_SECTIONS);
  return Object.fromEntries(Object.entries(tree).filter(([section]) => first.has(section) === (part === 'first')));
}

/** `…/translation.json?part=later` → 'later'; null for any other module id. */
export function textPartOf(id: string): TextPart | null {
  const [file, query = ''] = id.split('?');
  if (!file?.endsWith('/translation.json')) return null;
  const part = new URLSearchParams(query).get('part');
  return TEXT_PARTS.find((p) => p === part) ?? null;
}
