import type { Resource, ResourceLanguage } from 'i18next';

/** A namespace file as loaded by import.meta.glob or read from disk: path → parsed JSON. */
export type NamespaceModules = Readonly<Record<string, unknown>>;

/** `…/locales/en/stage.json` (a query after it or not) → `{ language: 'en', namespace: 'stage' }`. */
export function parseLocalePath(path: string): { language: string; namespace: string } | null {
  const match = /locales\/([^/]+)\/([^/?]+)\.json(\?.*)?$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  return { language: match[1], namespace: match[2] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every `locales/{lng}/{ns}.json` becomes namespace `ns` of language `lng`, so a namespace added by
 * another part of the app (the stage's `stage.json`) is loaded without touching this code.
 */
export function buildResources(modules: NamespaceModules): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, module] of Object.entries(modules)) {
    const where = parseLocalePath(path);
    if (!where) continue;
    const content = isRecord(module) && isRecord(module.default) ? module.default : module;
    if (!isRecord(content)) continue;
    resources[where.language] ??= {};
    const language = resources[where.language];
    if (language) language[where.namespace] = content;
  }
  return resources;
}

/** Every leaf key of a translation object, dotted (`home.create`), sorted. */
export function flattenKeys(tree: unknown, prefix = ''): string[] {
  if (!isRecord(tree)) return prefix ? [prefix] : [];
  return Object.entries(tree)
    .flatMap(([key, value]) => flattenKeys(value, prefix ? `${prefix}.${key}` : key))
    .sort();
}

/** Keys present in one language's namespace and absent from another's, per language. */
export function missingKeys(resources: Resource): string[] {
  const languages = Object.keys(resources);
  const namespaces = new Set(languages.flatMap((lng) => Object.keys(resources[lng] ?? {})));
  const problems: string[] = [];
  for (const ns of namespaces) {
    const keysByLanguage = new Map(languages.map((lng) => [lng, new Set(flattenKeys(resources[lng]?.[ns]))]));
    const all = new Set([...keysByLanguage.values()].flatMap((keys) => [...keys]));
    for (const [lng, keys] of keysByLanguage) {
      for (const key of all) if (!keys.has(key)) problems.push(`${lng}/${ns}.json: ${key}`);
    }
  }
  return problems.sort();
}
