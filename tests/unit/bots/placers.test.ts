import { describe, expect, it } from 'vitest';
import { benchGame, PLACER_NAMES, placerNamed, shooterNamed } from '../../../src/bots';
import { createRng, SHIP_KEYS, validateFleet } from '../../../src/game';

describe.each(PLACER_NAMES)('placement %s', (name) => {
  it('always draws a legal fleet, and not always the same one', () => {
    const placer = placerNamed(name);
    const rng = createRng(11);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const fleet = placer.place(rng);
      expect(validateFleet(fleet).ok).toBe(true);
      seen.add(JSON.stringify(fleet));
    }
    expect(seen.size).toBeGreaterThan(190);
  });
});

describe('edge placement', () => {
  it('keeps ships off the centre more than uniform placement does', () => {
    const centre = (name: string): number => {
      const rng = createRng(5);
      let inside = 0;
      for (let i = 0; i < 300; i++) {
        const fleet = placerNamed(name).place(rng);
        for (const key of SHIP_KEYS)
          for (const c of fleet[key]) if (c.x >= 2 && c.x <= 7 && c.y >= 2 && c.y <= 7) inside++;
      }
      return inside / 300;
    };
    expect(centre('edge')).toBeLessThan(centre('random') - 2);
  });

  it('costs a density shooter more shots than uniform placement', () => {
    const density = shooterNamed('density');
    const mean = (name: string): number =>
      Array.from({ length: 150 }, (_, i) => benchGame(density, placerNamed(name), 3, i).shots).reduce((a, b) => a + b) /
      150;
    expect(mean('edge')).toBeGreaterThan(mean('random') + 1);
  });
});
