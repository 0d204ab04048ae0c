import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES, formatRules, makeRules } from '../../../src/game';
import { boardRulesChoices } from '../../../src/app/rules/board-rules';
import { PRESET_RULES, RULE_PRESETS } from '../../../src/app/rules/rule-choice';

describe("the leaderboard's choice of rules", () => {
  const presets = RULE_PRESETS.map((p) => PRESET_RULES[p]);

  it('offers the four presets when nobody is rated under anything else', () => {
    expect(boardRulesChoices([]).map((c) => c.rules)).toEqual(presets);
    expect(boardRulesChoices([CLASSIC_RULES, PRESET_RULES.salvo]).map((c) => c.rules)).toEqual(presets);
  });

  it('adds each custom set with ratings once, after the presets, in the order given', () => {
    const apartSalvo = makeRules({ touch: false, shots: 'salvo' });
    const russianSalvo = makeRules({ fleet: 'russian', shots: 'salvo', again: 'hit' });
    const choices = boardRulesChoices([russianSalvo, CLASSIC_RULES, apartSalvo, { ...russianSalvo }]);
    expect(choices.map((c) => c.rules)).toEqual([...presets, russianSalvo, apartSalvo]);
    expect(choices.map((c) => c.value)).toEqual(choices.map((c) => formatRules(c.rules)));
    expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
  });
});
