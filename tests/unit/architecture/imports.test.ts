import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every TypeScript file below `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('layering (docs/architecture.md)', () => {
  it('the server imports nothing from the CLI: what both need lives in src/', () => {
    const offenders = sources('server').filter((file) => /from\s+['"](\.\.\/)+cli\//.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the stage imports no app store: it draws its props and calls back (the dev harness aside)', () => {
    const offenders = sources('src/stage').filter(
      (file) => !file.includes('/dev/') && /from\s+['"](\.\.\/)+app\/stores\//.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the app imports only the public components of the stage', () => {
    const modules = sources('src/app').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"](?:\.\.\/)+stage\/([\w./-]+)['"]/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((entry) => !/: (GameStage|BoardsStage)$/.test(entry))).toEqual([]);
  });
});
