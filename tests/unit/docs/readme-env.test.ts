import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README documents every environment variable the server and the CLI read. */
const root = join(import.meta.dirname, '../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function namesIn(files: readonly string[], pattern: RegExp): string[] {
  const names = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(pattern)) names.add(match[1] ?? '');
  return [...names].sort();
}

describe('README environment variables', () => {
  it('lists every variable the server reads', () => {
    const read = namesIn(sources('server'), /\benv\.([A-Z][A-Z0-9_]+)\b/g);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('names every variable the CLI reads', () => {
    const read = namesIn(sources('cli'), /(?:\.env\(\s*'|process\.env\.)([A-Z][A-Z0-9_]+)/g);
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
