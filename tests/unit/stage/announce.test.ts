import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  announcementText,
  cursorText,
  joinAnnouncements,
  moveText,
  refusedShotText,
  rotateText,
  selectedText,
  type Translate,
} from '../../../src/stage/announce';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', lng, 'stage.json'), 'utf8'));

/** A tiny stand-in for i18next's t: dotted lookup and {{name}} interpolation. */
function translator(tree: Tree): Translate {
  return (key, values = {}) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`missing key ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
  };
}

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));

const en = translator(load('en'));
const fr = translator(load('fr'));

describe('announcements', () => {
  it('reads a shot as "B7: hit" in English and French', () => {
    const shot = { kind: 'shot', mine: true, cell: { x: 1, y: 6 }, result: 'H' } as const;
    expect(announcementText(en, shot)).toBe('B7: hit');
    // French: a narrow no-break space before the colon (the locales test checks every text for it).
    expect(announcementText(fr, shot)).toBe('B7\u202F: touché');
  });

  it('names the sunk ship', () => {
    const sunk = { kind: 'sunk', mine: false, ship: '4' } as const;
    expect(announcementText(en, sunk)).toBe('Destroyer sunk');
    expect(announcementText(fr, sunk)).toBe('Torpilleur coulé');
    expect(announcementText(en, { kind: 'sunk', mine: true, ship: '0' })).toBe('Your Carrier sunk');
  });

  it("tells the opponent's shots apart and announces turns and the winner", () => {
    expect(announcementText(en, { kind: 'shot', mine: false, cell: { x: 0, y: 9 }, result: 'M' })).toBe(
      'Enemy shot A10: miss',
    );
    expect(announcementText(fr, { kind: 'turn', mine: true })).toBe('À vous de jouer');
    expect(announcementText(en, { kind: 'winner', mine: false, username: 'Bob' })).toBe('Bob won');
  });

  it('joins several announcements of one change in order', () => {
    const text = joinAnnouncements(en, [
      { kind: 'shot', mine: true, cell: { x: 1, y: 6 }, result: 'D' },
      { kind: 'sunk', mine: false, ship: '4' },
    ]);
    expect(text).toBe('B7: sunk. Destroyer sunk');
  });
});

describe("answers to the player's own actions", () => {
  const carrier = [
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 1, y: 2 },
    { x: 1, y: 3 },
    { x: 1, y: 4 },
  ];

  it('reads a selection, a move and a rotation, or their refusal', () => {
    expect(selectedText(en, '0', carrier)).toBe('Carrier selected, B1, vertical');
    expect(selectedText(en, '0', [])).toBeNull();
    expect(moveText(en, '0', { x: 3, y: 4 }, true)).toBe('Carrier moved to D5');
    expect(moveText(en, '0', { x: 3, y: 4 }, false)).toBe('Carrier cannot go there');
    expect(rotateText(en, '0', carrier)).toBe('Carrier now vertical');
    expect(rotateText(fr, '0', null)).toBe(fr('announce.refused', { ship: fr('ships.carrier') }));
  });

  it('reads the cursor: the cell alone, or what is known of a cell already shot', () => {
    expect(cursorText(en, { x: 5, y: 0 }, 'E')).toBe('F1');
    expect(cursorText(en, { x: 5, y: 0 }, undefined)).toBe('F1');
    expect(cursorText(en, { x: 5, y: 0 }, 'M')).toBe('F1: already miss');
  });

  it('says why a shot did not leave', () => {
    expect(refusedShotText(en, { x: 0, y: 0 }, 'H', true)).toBe('A1: already hit');
    expect(refusedShotText(en, { x: 0, y: 0 }, 'E', false)).toBe('Not your turn');
  });
});

describe('locales/*/stage.json', () => {
  it('has the same keys in English and French', () => {
    expect(keysOf(load('fr')).sort()).toEqual(keysOf(load('en')).sort());
  });
});
