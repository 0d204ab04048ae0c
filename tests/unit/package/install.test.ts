import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * package.json's promises about installing, checked against the committed lock so they stay true
 * when a dependency changes: the Node range it declares is one every locked package accepts, and
 * every locked package with install scripts is declared for npm's allow-list (`allowScripts`).
 */
interface LockEntry {
  readonly version?: string;
  readonly engines?: { readonly node?: string } | readonly string[];
  readonly hasInstallScript?: boolean;
}

/** npm's own range rules (semver is a dev dependency; only `subset` is used, so no types package). */
const semver = createRequire(import.meta.url)('semver') as { subset(sub: string, dom: string): boolean };

const root = join(import.meta.dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');

function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

describe('install promises of package.json', () => {
  it('declares a Node range that every locked dependency accepts', () => {
    const ours = manifest.engines.node;
    const refusing = locked.flatMap(([path, entry]) => {
      const theirs = Array.isArray(entry.engines) ? undefined : (entry.engines as { node?: string } | undefined)?.node;
      if (!theirs || semver.subset(ours, theirs)) return [];
      return [`${packageName(path)}@${entry.version}: ${theirs}`];
    });
    expect(refusing).toEqual([]);
  });

  it('declares every locked package with install scripts in allowScripts', () => {
    const undeclared = locked
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => packageName(path))
      .filter((name) => !(name in manifest.allowScripts));
    expect(undeclared).toEqual([]);
  });
});
