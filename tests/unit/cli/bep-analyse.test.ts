import { describe, expect, it } from 'vitest';
import { analyseLine, bepokFeatures, parseHeat } from '../../../cli/engine/bep-analyse';

describe("BEP's optional analyse (docs/engines.md, Analysis)", () => {
  it('reads the features named after bepok, ignoring words it does not know', () => {
    expect(bepokFeatures('bepok')).toEqual([]);
    expect(bepokFeatures('bepok analyse')).toEqual(['analyse']);
    expect(bepokFeatures('bepok ponder analyse')).toEqual(['analyse']);
    expect(bepokFeatures('readyok')).toBeNull();
    expect(analyseLine(500)).toBe('analyse time 500');
  });

  it('reads heat as 100 probabilities row by row', () => {
    const values = Array.from({ length: 100 }, (_, c) => (c === 23 ? '0.75' : c === 99 ? '1' : '0'));
    const heat = parseHeat(`heat ${values.join(' ')}`);
    expect(heat.ok).toBe(true);
    if (heat.ok) {
      expect(heat.value[23]).toBe(0.75);
      expect(heat.value[99]).toBe(1);
      expect(heat.value.reduce((a, b) => a + b, 0)).toBe(1.75);
    }
  });

  it('refuses a heat line of the wrong length, out of range or not numbers, saying which cell', () => {
    const zeros = Array.from({ length: 100 }, () => '0');
    expect(parseHeat(`heat ${zeros.slice(1).join(' ')}`)).toEqual({
      ok: false,
      error: 'expected 100 probabilities after "heat", got 99',
    });
    const high = [...zeros];
    high[12] = '1.5';
    expect(parseHeat(`heat ${high.join(' ')}`)).toMatchObject({
      ok: false,
      error: expect.stringContaining('cell 2 1'),
    });
    const word = [...zeros];
    word[0] = 'NaN';
    expect(parseHeat(`heat ${word.join(' ')}`).ok).toBe(false);
    expect(parseHeat('fire 3 4').ok).toBe(false);
  });
});
