import { describe, expect, it } from 'vitest';
import { argv } from '../../integration/cli/cli';

/* The CLI tests write their command lines with argv`…` (tests/integration/cli/cli.ts). */
describe('argv', () => {
  it('splits the text at white space and keeps each value one argument, spaces and all', () => {
    const url = 'http://127.0.0.1:1';
    expect(argv`play --server ${url} --engine ${'node hunt.mjs'}  --json`).toEqual([
      'play',
      '--server',
      url,
      '--engine',
      'node hunt.mjs',
      '--json',
    ]);
    expect(argv`
      load --games ${12}
    `).toEqual(['load', '--games', '12']);
  });

  it('keeps an empty value as an empty argument, and a value against a word in that word', () => {
    expect(argv`play --join ${''} --json`).toEqual(['play', '--join', '', '--json']);
    expect(argv`x --out=${'/tmp/a b'} ${'p'}${'q'}r`).toEqual(['x', '--out=/tmp/a b', 'pqr']);
  });
});
