import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedStart } from '../../../bench/artillery/shipped-start';

const dir = mkdtempSync(join(tmpdir(), 'broadside-shipped-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withStart(start: string): string {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { start } }));
  return dir;
}

describe('the start command a bench runs our server with', () => {
  it('is the node command after the build in npm start, flags and all', () => {
    expect(
      shippedStart(withStart('npm run build && node --single-threaded-gc --enable-source-maps dist-server/main.js')),
    ).toEqual({
      script: 'npm run build && node --single-threaded-gc --enable-source-maps dist-server/main.js',
      nodeArgs: ['--single-threaded-gc', '--enable-source-maps', 'dist-server/main.js'],
    });
  });

  it("names a start command that is not node's", () => {
    expect(() => shippedStart(withStart('npm run build && pm2 start dist-server/main.js'))).toThrow(/not "node …"/);
  });

  it("reads this repository's own", () => {
    expect(shippedStart(resolve(import.meta.dirname, '../../..')).nodeArgs.at(-1)).toMatch(/\.js$/);
  });
});
