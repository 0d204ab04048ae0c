import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES, makeRules, parseRules, type Rules } from '../../../src/game';
import {
  fleetGroups,
  optionDisabled,
  PRESET_RULES,
  RULE_KEYS,
  RULE_OPTIONS,
  ruleExplainKeys,
  ruleOption,
  ruleShortKeys,
  rulesBody,
  rulesLabel,
  rulesName,
  withOption,
} from '../../../src/app/rules/rule-choice';

/** Every set of rules the form can make: 2 × 2 × 2 × 2, less the russian fleet that touches. */
const ALL: Rules[] = (['classic', 'russian'] as const).flatMap((fleet) =>
  [true, false].flatMap((touch) =>
    (['one', 'salvo'] as const).flatMap((shots) =>
      (['never', 'hit'] as const).flatMap((again) =>
        fleet === 'russian' && touch ? [] : [makeRules({ fleet, touch, shots, again })],
      ),
    ),
  ),
);

function translations(lang: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(import.meta.dirname, `../../../locales/${lang}/translation.json`), 'utf8'));
}
function lookup(tree: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('rule presets', () => {
  it('are the games players know', () => {
    expect(PRESET_RULES.classic).toEqual(CLASSIC_RULES);
    expect(PRESET_RULES.russian).toEqual({ fleet: 'russian', touch: false, shots: 'one', again: 'hit' });
    expect(PRESET_RULES.salvo).toEqual({ fleet: 'classic', touch: true, shots: 'salvo', again: 'never' });
    expect(PRESET_RULES.original).toEqual({ fleet: 'classic', touch: true, shots: 'one', again: 'hit' });
  });

  it('name a set of rules by its preset, anything else is custom', () => {
    expect(rulesName(CLASSIC_RULES)).toBe('classic');
    expect(rulesName(makeRules({ fleet: 'russian', again: 'hit' }))).toBe('russian');
    expect(rulesName(makeRules({ fleet: 'russian' }))).toBe('custom');
    expect(rulesName(makeRules({ shots: 'salvo', touch: false }))).toBe('custom');
    expect(ALL.filter((r) => rulesName(r) !== 'custom')).toHaveLength(4);
  });
});

describe('changing one rule', () => {
  it('keeps a russian fleet apart and refuses touching for it', () => {
    const russian = withOption(CLASSIC_RULES, 'fleet', 'russian');
    expect(russian.touch).toBe(false);
    expect(optionDisabled(russian, 'touch', 'yes')).toBe(true);
    expect(optionDisabled(CLASSIC_RULES, 'touch', 'yes')).toBe(false);
    expect(withOption(russian, 'touch', 'yes')).toEqual(russian);
  });

  it('changes exactly the rule asked, and an unknown option changes nothing', () => {
    for (const rules of ALL)
      for (const key of RULE_KEYS)
        for (const option of RULE_OPTIONS[key]) {
          const next = withOption(rules, key, option);
          if (!optionDisabled(rules, key, option)) expect(ruleOption(next, key)).toBe(option);
          for (const other of RULE_KEYS)
            if (other !== key && !(key === 'fleet' && other === 'touch'))
              expect(ruleOption(next, other)).toBe(ruleOption(rules, other));
        }
    expect(withOption(CLASSIC_RULES, 'shots', 'volley')).toBe(CLASSIC_RULES);
  });
});

describe('rule labels', () => {
  const fake = (key: string, values?: Readonly<Record<string, string>>) =>
    values ? `<${key}|${JSON.stringify(values)}>` : `<${key}>`;

  it('say a preset by its name and a custom set by what differs from the classic game', () => {
    expect(rulesLabel(fake, PRESET_RULES.salvo)).toBe('<rules.names.salvo>');
    expect(rulesLabel(fake, makeRules({ fleet: 'russian', shots: 'salvo' }))).toBe(
      '<rules.customLabel|{"rules":"<rules.short.fleet.russian> · <rules.short.shots.salvo>"}>',
    );
    expect(ruleShortKeys(CLASSIC_RULES)).toEqual([]);
    expect(ruleShortKeys(makeRules({ touch: false }))).toEqual(['rules.short.touch.no']);
  });

  it('explain every rule of the room, one line each', () => {
    expect(ruleExplainKeys(PRESET_RULES.russian)).toEqual([
      'rules.options.fleet.russian.explain',
      'rules.options.touch.no.explain',
      'rules.options.shots.one.explain',
      'rules.options.again.hit.explain',
    ]);
    // Under salvo the turn rule is said of a salvo.
    expect(ruleExplainKeys(PRESET_RULES.salvo).at(-1)).toBe('rules.options.again.never.explain_salvo');
  });

  it('exist in both languages for every set of rules', () => {
    for (const lang of ['en', 'fr']) {
      const tree = translations(lang);
      for (const rules of ALL) {
        const keys = [
          ...ruleShortKeys(rules),
          ...ruleExplainKeys(rules),
          `rules.names.${rulesName(rules)}`,
          `rules.presets.${rulesName(rules)}`,
          ...RULE_KEYS.flatMap((key) => RULE_OPTIONS[key].map((o) => `rules.options.${key}.${o}.name`)),
        ];
        for (const key of keys) expect(typeof lookup(tree, key), `${lang}: ${key}`).toBe('string');
      }
    }
  });
});

describe('the rules a form sends', () => {
  it('sends nothing for the classic game and every rule otherwise, as POST /room takes them', () => {
    expect(rulesBody(CLASSIC_RULES)).toEqual({});
    for (const rules of ALL.filter((r) => rulesName(r) !== 'classic')) {
      expect(rulesBody(rules)).toEqual({ rules });
      const text = `fleet=${rules.fleet},touch=${rules.touch ? 'yes' : 'no'},shots=${rules.shots},again=${rules.again}`;
      expect(parseRules(text)).toEqual({ ok: true, value: rules });
    }
  });

  it('counts the fleet as players do, a class of ships together', () => {
    expect(fleetGroups(PRESET_RULES.russian)).toEqual([
      { ship: '0', length: 4, count: 1 },
      { ship: '1', length: 3, count: 2 },
      { ship: '3', length: 2, count: 3 },
      { ship: '6', length: 1, count: 4 },
    ]);
    // The classic cruiser and submarine are both 3 long, but two classes.
    expect(fleetGroups(CLASSIC_RULES).map((g) => [g.ship, g.length, g.count])).toEqual([
      ['0', 5, 1],
      ['1', 4, 1],
      ['2', 3, 1],
      ['3', 3, 1],
      ['4', 2, 1],
    ]);
  });
});
