import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs cite documents a clone of the repository has: docs/*.md files that exist,
 * never the specification material kept outside the repository.
 */
const root = join(import.meta.dirname, '../../..');
const SOURCES = ['src', 'server', 'cli', 'bench', 'scripts', 'tests', 'docs', '.ci'];
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|json|css|html|sh)$|^run$/;

function files(): string[] {
  const found = [join(root, 'README.md')];
  for (const dir of SOURCES) {
    const base = join(root, dir);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && TEXT.test(entry.name)) found.push(join(entry.parentPath, entry.name));
    }
  }
  return found;
}

const texts = files().map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
/** Spelled in pieces so that this file does not cite what it forbids. */
const OUTSIDE = new RegExp(['SPEC', '(\\.md)? ?§|', 'SPEC', '\\.md|', 'DESIGN', '(\\.md| ?§)'].join(''));

describe('citations', () => {
  it('never cite the specification kept outside the repository', () => {
    const lines = texts.flatMap(({ path, text }) =>
      text.split('\n').flatMap((line, i) => (OUTSIDE.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(lines).toEqual([]);
  });

  it('name docs/ files that exist', () => {
    const missing = texts.flatMap(({ path, text }) =>
      [...text.matchAll(/\bdocs\/([\w-]+\.md)/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => !existsSync(join(root, 'docs', name)))
        .map((name) => `${path}: docs/${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('link, from README.md and docs/, to files that exist', () => {
    const broken = texts
      .filter(({ path }) => path.endsWith('.md'))
      .flatMap(({ path, text }) =>
        [...text.matchAll(/\]\(([^)\s]+)\)/g)]
          .map((match) => (match[1] ?? '').split('#')[0] ?? '')
          .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
          .filter((target) => !existsSync(join(root, dirname(path), target)))
          .map((target) => `${path}: ${target}`),
      );
    expect(broken).toEqual([]);
  });
});
