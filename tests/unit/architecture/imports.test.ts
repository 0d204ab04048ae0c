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
});
