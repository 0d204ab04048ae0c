import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SECTIONS, textPart, textPartOf } from '../../../src/app/i18n/text-parts';

const ROOT = join(import.meta.dirname, '../../..');
const english = JSON.parse(readFileSync(join(ROOT, 'locales/en/translation.json'), 'utf8')) as Record<string, unknown>;
const SECTIONS = Object.keys(english);

/** The file a relative import names, as the bundler resolves it; null for a package or a style. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return (
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((end) => base + end)
      .find((f) => /\.tsx?$/.test(f) && existsSync(f)) ?? null
  );
}

/** Every module the first paint runs: main.tsx and what it imports statically, not `import()`. */
function firstLoad(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, kind, specifier] of source.matchAll(/^(import|export)\s(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
      if (!kind || !specifier) continue;
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
    for (const [, specifier] of source.matchAll(/^import\s+'([^']+)'/gm)) {
      const target = specifier ? resolveImport(file, specifier) : null;
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/** The translation sections a source names in a key ('home.title', `errors.codes.${code}`). */
function sectionsNamed(source: string): string[] {
  return SECTIONS.filter((section) => new RegExp(`['"\`]${section}\\.[a-zA-Z$]`).test(source));
}

describe('the texts in two parts (src/app/i18n/text-parts.ts)', () => {
  it('gives the first paint every text it reads: the first load names only first sections', () => {
    const files = firstLoad(join(ROOT, 'src/app/main.tsx'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.some((f) => f.endsWith('pages/HomePage.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('pages/GamePage.tsx'))).toBe(false);
    const first = new Set(FIRST_SECTIONS);
    const outside = files.flatMap((f) =>
      sectionsNamed(readFileSync(f, 'utf8'))
        .filter((s) => !first.has(s))
        .map((s) => `${f.slice(ROOT.length + 1)}: ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it('names only sections that exist, and leaves most texts to the later part', () => {
    expect(FIRST_SECTIONS.filter((s) => !SECTIONS.includes(s))).toEqual([]);
    expect(JSON.stringify(textPart(english, 'later')).length).toBeGreaterThan(
      JSON.stringify(textPart(english, 'first')).length,
    );
  });

  it('cuts every section into exactly one part', () => {
    const first = Object.keys(textPart(english, 'first'));
    const later = Object.keys(textPart(english, 'later'));
    expect([...first, ...later].sort()).toEqual([...SECTIONS].sort());
    expect(first.filter((s) => later.includes(s))).toEqual([]);
    expect(textPart(english, 'first').home).toEqual(english.home);
  });

  it('reads the part from a module id, and nothing from another file or query', () => {
    expect(textPartOf('/x/locales/fr/translation.json?part=later')).toBe('later');
    expect(textPartOf('/x/locales/fr/translation.json?import&part=first')).toBe('first');
    expect(textPartOf('/x/locales/fr/translation.json')).toBeNull();
    expect(textPartOf('/x/locales/fr/stage.json?part=first')).toBeNull();
    expect(textPartOf('/x/locales/fr/translation.json?part=all')).toBeNull();
  });
});
