import { formatRules, type Rules, sameRules } from '../../game';
import { PRESET_RULES, RULE_PRESETS } from './rule-choice';

/*
 * The leaderboard's choice of rules (docs/game.md, "Ratings"): ratings are kept per set of rules,
 * so a custom mix has a board of its own once someone is rated under it. Pure: the page renders it.
 */

/** One entry of the choice: its value in the select (the `--rules` text) and the rules. */
export interface BoardRulesChoice {
  readonly value: string;
  readonly rules: Rules;
}

/**
 * The four presets, always (a preset nobody is rated under yet shows an empty board), then every
 * other set the server has ratings for, in the server's order (most players first), each once.
 */
export function boardRulesChoices(rated: readonly Rules[]): BoardRulesChoice[] {
  const choices: Rules[] = RULE_PRESETS.map((preset) => PRESET_RULES[preset]);
  for (const rules of rated) if (!choices.some((known) => sameRules(known, rules))) choices.push(rules);
  return choices.map((rules) => ({ value: formatRules(rules), rules }));
}
