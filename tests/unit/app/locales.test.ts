import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, flattenKeys, missingKeys } from '../../../src/app/i18n/resources';
import { LANGUAGES } from '../../../src/app/i18n/languages';
import { ERROR_CODES } from '../../../src/protocol/errors';
import { AUDIT_ACTIONS } from '../../../src/protocol/moderation';

const ROOT = join(import.meta.dirname, '../../..');
const LOCALES = join(ROOT, 'locales');

/** Every locales/{lng}/{ns}.json on disk, the stage's namespace included. */
function localeFiles(): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const lng of readdirSync(LOCALES)) {
    for (const file of readdirSync(join(LOCALES, lng)).filter((name) => name.endsWith('.json'))) {
      files[`locales/${lng}/${file}`] = JSON.parse(readFileSync(join(LOCALES, lng, file), 'utf8'));
    }
  }
  return files;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const resources = buildResources(localeFiles());

/** Every text of a language, as `ns: key` → text. */
function texts(lng: string): [string, string][] {
  return Object.entries(resources[lng] ?? {}).flatMap(([ns, tree]) =>
    flattenKeys(tree).map((key): [string, string] => [
      `${ns}: ${key}`,
      String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree)),
    ]),
  );
}

const NNBSP = '\u202F';

/**
 * Where a French text breaks French typography: ; : ! ? and % take a narrow no-break space before
 * them, « after it and » before it, so a line never begins with the mark. An interpolation counts
 * as text ("{{cell}} : …" needs the space as much as a word does); addresses (http://hôte:port) are
 * not prose.
 */
function frenchSpacingProblems(text: string): string[] {
  const prose = text.replace(/https?:\/\/\S*|hôte:port/g, 'URL');
  const problems: string[] = [];
  for (const match of prose.matchAll(/[;:!?%»]/g)) {
    const before = prose[(match.index ?? 0) - 1];
    if (before !== NNBSP) problems.push(`no narrow no-break space before "${match[0]}"`);
  }
  for (const match of prose.matchAll(/«/g)) {
    if (prose[(match.index ?? 0) + 1] !== NNBSP) problems.push('no narrow no-break space after "«"');
  }
  return problems;
}

describe('translations', () => {
  it('has both languages', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
  });

  it('has no key missing in either language, in any namespace file', () => {
    expect(missingKeys(resources)).toEqual([]);
  });

  it('the missing-key check does catch a missing key', () => {
    const broken = buildResources({
      'locales/en/translation.json': { a: { b: 'x', c: 'y' } },
      'locales/fr/translation.json': { a: { b: 'x' } },
      'locales/fr/stage.json': { only: 'fr' },
    });
    expect(missingKeys(broken)).toEqual(['en/stage.json: only', 'fr/translation.json: a.c']);
  });

  it('has no empty text', () => {
    for (const [lng, namespaces] of Object.entries(resources)) {
      for (const [ns, tree] of Object.entries(namespaces)) {
        for (const key of flattenKeys(tree)) {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
          expect(typeof value === 'string' && value.trim() !== '', `${lng}/${ns}: ${key}`).toBe(true);
        }
      }
    }
  });

  it('puts a narrow no-break space where French typography wants one, and nowhere a plain space', () => {
    const problems = texts('fr').flatMap(([where, text]) => frenchSpacingProblems(text).map((p) => `${where}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('the French typography check catches a plain space, a missing one and a bad guillemet', () => {
    expect(frenchSpacingProblems('{{username}} a gagné !')).toHaveLength(1);
    expect(frenchSpacingProblems('{{cell}}: {{result}}')).toHaveLength(1);
    expect(frenchSpacingProblems(`Prêt${NNBSP}? Un « ? »`)).toHaveLength(3);
    expect(frenchSpacingProblems(`{{cell}}${NNBSP}: 30${NNBSP}% sur http://hôte:port`)).toEqual([]);
  });

  it('translates every server error code (docs/protocol.md, Error codes)', () => {
    const keys = new Set(flattenKeys(resources.en?.translation));
    for (const code of ERROR_CODES) expect(keys.has(`errors.codes.${code}`), code).toBe(true);
  });

  it('names every action of the audit log, in both languages (the moderators’ page and its filter)', () => {
    for (const lng of LANGUAGES) {
      const keys = new Set(flattenKeys(resources[lng]?.translation ?? {}));
      for (const action of AUDIT_ACTIONS)
        expect(keys.has(`admin.audit.actions.${action}`), `${lng}: ${action}`).toBe(true);
    }
  });

  it('counts shots and hits in the singular for one (and, in French, for none)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: ['translation', 'stage'], interpolation: { escapeValue: false } });
    const fr = i18n.getFixedT('fr', 'stage');
    const en = i18n.getFixedT('en', 'stage');
    expect(fr('tracker.statsMine', { count: 1, accuracy: '0' })).toBe(`1 tir · 0${NNBSP}% au but`);
    expect(fr('tracker.statsTheirs', { count: 12, accuracy: '25' })).toBe(`12 tirs reçus · 25${NNBSP}% au but`);
    expect(en('tracker.statsMine', { count: 1, accuracy: '100' })).toBe('1 shot · 100 % hits');
    const history = (lng: string, shots: number, hits: number) => {
      const t = i18n.getFixedT(lng);
      return t('history.shots', { count: shots, hits: t('history.hits', { count: hits }) });
    };
    expect(history('fr', 5, 0)).toBe('5 tirs, 0 touché');
    expect(history('fr', 1, 1)).toBe('1 tir, 1 touché');
    expect(history('en', 1, 0)).toBe('1 shot, 0 hits');
    expect(history('en', 40, 17)).toBe('40 shots, 17 hits');
  });

  it("names no set of rules like a button of the game bar (the end bar shows the rules' chip beside Replay)", () => {
    for (const lng of LANGUAGES) {
      const tree = resources[lng]?.translation as {
        rules: { names: Record<string, string> };
        game: Record<string, string>;
        resign: Record<string, string>;
      };
      const buttons = [tree.game.replay, tree.game.validate, tree.game.shuffle, tree.resign.button].map((b) =>
        b?.toLowerCase(),
      );
      const clashes = Object.values(tree.rules.names).filter((name) => buttons.includes(name.toLowerCase()));
      expect(clashes, lng).toEqual([]);
    }
  });

  it('has every key the shell asks for by its literal name', () => {
    const keys = new Set(flattenKeys(resources.en?.translation));
    const asked: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src/app'))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        if (match[1]) asked.push(`${relative(ROOT, file)}: ${match[1]}`);
      }
      for (const match of source.matchAll(/\bkey: '([a-zA-Z0-9_.]+)'/g)) {
        if (match[1]) asked.push(`${relative(ROOT, file)}: ${match[1]}`);
      }
    }
    expect(asked.length).toBeGreaterThan(40);
    // A key asked with a count resolves to its plural forms (i18next: `key_one`, `key_other`).
    const known = (key: string) => keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));
    const unknown = asked.filter((entry) => !known(entry.split(': ')[1] ?? ''));
    expect(unknown).toEqual([]);
  });

  it('loads a glob module map (default export or plain JSON) by language and namespace', () => {
    const built = buildResources({
      '../../../locales/en/translation.json': { default: { a: 'A' } },
      '../../../locales/en/stage.json': { b: 'B' },
      '../../../elsewhere/x.json': { c: 'C' },
    });
    expect(built).toEqual({ en: { translation: { a: 'A' }, stage: { b: 'B' } } });
  });
});
