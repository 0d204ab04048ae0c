/** The interface languages and how a browser's language tag maps onto them (docs/game.md, In the browser). */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Anything else falls back to French (docs/game.md, In the browser). */
export const FALLBACK_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * fr-FR and fr-EN → French, en-GB and en-US → English (docs/game.md): the primary subtag decides, so any
 * other region of a supported language maps the same way; anything else falls back to French.
 */
export function resolveLanguage(tag: string | null | undefined): Language {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : FALLBACK_LANGUAGE;
}

/** The first supported entry of the browser's preferred languages, else the fallback. */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}
