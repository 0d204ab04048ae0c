import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import diagram of docs/architecture.md ("Layers"), as data: every import from one layer into
 * another must be one of these arrows. A new arrow is a change of the architecture: draw it there
 * first, then add it here.
 */
const root = join(import.meta.dirname, '../../..');
const LAYERS = ['src/game', 'src/protocol', 'src/bots', 'src/stage', 'src/app', 'server', 'cli', 'bench', 'scripts'];
const ALLOWED = new Set([
  'src/protocol → src/game',
  'src/bots → src/game',
  'src/bots → src/protocol',
  'src/stage → src/game',
  'src/stage → src/app',
  'src/app → src/game',
  'src/app → src/protocol',
  'src/app → src/stage',
  'server → src/game',
  'server → src/protocol',
  'server → src/bots',
  'cli → src/game',
  'cli → src/protocol',
  'cli → src/bots',
  'bench → src/game',
  'bench → src/protocol',
  'bench → src/bots',
  'bench → src/stage',
  'bench → server',
  'bench → cli',
  'bench → scripts',
  'scripts → bench',
]);

function layerOf(path: string): string | undefined {
  return LAYERS.find((layer) => path === layer || path.startsWith(`${layer}/`));
}

/** Every import between two layers, as `from → to` with one file that makes it. */
function edges(): Map<string, string> {
  const found = new Map<string, string>();
  for (const layer of LAYERS) {
    for (const entry of readdirSync(join(root, layer), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|mts|mjs)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const to = layerOf(relative(root, resolve(dirname(file), match[1] ?? '')));
        if (to === undefined || to === layer) continue;
        const edge = `${layer} → ${to}`;
        if (!found.has(edge)) found.set(edge, relative(root, file));
      }
    }
  }
  return found;
}

describe('layers (docs/architecture.md)', () => {
  const found = edges();

  it('imports only along the arrows of the diagram', () => {
    const unexpected = [...found].filter(([edge]) => !ALLOWED.has(edge)).map(([edge, file]) => `${edge} (${file})`);
    expect(unexpected).toEqual([]);
  });

  it('draws no arrow the code does not have', () => {
    expect([...ALLOWED].filter((edge) => !found.has(edge))).toEqual([]);
  });
});
