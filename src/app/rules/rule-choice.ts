import {
  CLASSIC_RULES,
  fleetKeys,
  fleetLengths,
  makeRules,
  ORIGINAL_RULES,
  type Rules,
  type ShipKey,
  sameRules,
  shipKind,
  shipLength,
} from '../../game';

/*
 * The rules a player picks on Home and reads on every page of a game (docs/game.md, "Rule
 * variants"), as plain data: the presets players recognise, each rule's options, and the
 * translation keys that name or explain a set of rules. Pure; the components only render it.
 */

export const RULE_PRESETS = ['classic', 'russian', 'salvo', 'original'] as const;
export type RulePreset = (typeof RULE_PRESETS)[number];
/** A preset, or `custom` for any other set of rules. */
export type RulesName = RulePreset | 'custom';

export const PRESET_RULES: Readonly<Record<RulePreset, Rules>> = {
  classic: CLASSIC_RULES,
  /** Morskoy Boy: ten ships that never touch, and a hit earns another shot. */
  russian: makeRules({ fleet: 'russian', touch: false, shots: 'one', again: 'hit' }),
  /** Salvo: one shot per own ship afloat, fired together. */
  salvo: makeRules({ shots: 'salvo' }),
  /** The original server's game: classic, but a hit keeps the turn. */
  original: ORIGINAL_RULES,
};

/** The preset the rules are, or `custom`. */
export function rulesName(rules: Rules): RulesName {
  return RULE_PRESETS.find((preset) => sameRules(PRESET_RULES[preset], rules)) ?? 'custom';
}

export const RULE_KEYS = ['fleet', 'touch', 'shots', 'again'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** Each rule's options as the form and the translations name them (`touch` as yes/no). */
export const RULE_OPTIONS: Readonly<Record<RuleKey, readonly string[]>> = {
  fleet: ['classic', 'russian'],
  touch: ['yes', 'no'],
  shots: ['one', 'salvo'],
  again: ['never', 'hit'],
};

/** The option of `key` the rules hold. */
export function ruleOption(rules: Rules, key: RuleKey): string {
  if (key === 'touch') return rules.touch ? 'yes' : 'no';
  return rules[key];
}

/** True for an option the rest of the rules forbid: ships that touch in a russian fleet. */
export function optionDisabled(rules: Rules, key: RuleKey, option: string): boolean {
  return key === 'touch' && option === 'yes' && rules.fleet === 'russian';
}

/** The rules with one option changed; a russian fleet takes ships apart (makeRules). */
export function withOption(rules: Rules, key: RuleKey, option: string): Rules {
  switch (key) {
    case 'fleet':
      return option === 'russian' || option === 'classic' ? makeRules({ ...rules, fleet: option }) : rules;
    case 'touch':
      return option === 'yes' || option === 'no' ? makeRules({ ...rules, touch: option === 'yes' }) : rules;
    case 'shots':
      return option === 'one' || option === 'salvo' ? makeRules({ ...rules, shots: option }) : rules;
    case 'again':
      return option === 'never' || option === 'hit' ? makeRules({ ...rules, again: option }) : rules;
  }
}

/**
 * The rules in a few words each, in the order the form asks them: `rules.short.fleet.russian`,
 * `rules.short.touch.no`, … Only what differs from the classic game is said, so a classic room
 * reads just "Classic"; a custom set reads e.g. "Salvo · ships apart".
 */
export function ruleShortKeys(rules: Rules): string[] {
  return RULE_KEYS.filter((key) => ruleOption(rules, key) !== ruleOption(CLASSIC_RULES, key))
    .filter((key) => !(key === 'touch' && rules.fleet === 'russian'))
    .map((key) => `rules.short.${key}.${ruleOption(rules, key)}`);
}

/**
 * One line per rule, each explaining the room's choice (How to play, the rules panel). Under salvo
 * the turn rule is said of a salvo, not of a shot: the turn passes (or is kept) per salvo.
 */
export function ruleExplainKeys(rules: Rules): string[] {
  return RULE_KEYS.map((key) => {
    const salvo = key === 'again' && rules.shots === 'salvo' ? '_salvo' : '';
    return `rules.options.${key}.${ruleOption(rules, key)}.explain${salvo}`;
  });
}

/** A class of ships in a fleet: its first ship (for its name and silhouette), length and how many. */
export interface ShipGroup {
  readonly ship: ShipKey;
  readonly length: number;
  readonly count: number;
}

/**
 * The fleet as players count it, in fleet order, ships of one class together: classic is carrier,
 * battleship, cruiser, submarine, destroyer; russian is 1 battleship, 2 cruisers, 3 destroyers, 4 boats.
 */
export function fleetGroups(rules: Rules): ShipGroup[] {
  const groups: { ship: ShipKey; length: number; count: number; kind: string }[] = [];
  for (const ship of fleetKeys(rules)) {
    const kind = shipKind(ship, rules);
    const last = groups.at(-1);
    if (last && last.kind === kind) last.count++;
    else groups.push({ ship, length: shipLength(ship, rules), count: 1, kind });
  }
  return groups.map(({ ship, length, count }) => ({ ship, length, count }));
}

/** How many ships the fleet has. */
export function fleetSize(rules: Rules): number {
  return fleetLengths(rules).length;
}

/** The `rules` of POST /room and /room/computer: nothing for the classic game (the body stays SPEC's). */
export function rulesBody(rules: Rules): { rules?: Rules } {
  return sameRules(rules, CLASSIC_RULES) ? {} : { rules };
}

/** A translation function, as i18next's `t` or a test's fake; `values` fill the text's {{placeholders}}. */
export type Translate = (key: string, values?: Readonly<Record<string, string>>) => string;

/**
 * The rules in one short line: the preset's name ("Morskoy Boy"), or for a custom set what differs
 * from the classic game ("Custom rules: ten ships · salvo").
 */
export function rulesLabel(t: Translate, rules: Rules): string {
  const name = rulesName(rules);
  if (name !== 'custom') return t(`rules.names.${name}`);
  // A sentence of its own, so that French puts its space before the colon.
  return t('rules.customLabel', {
    rules: ruleShortKeys(rules)
      .map((key) => t(key))
      .join(' · '),
  });
}

/** Each rule explained in a line, for a tooltip or a list. */
export function rulesExplained(t: Translate, rules: Rules): string[] {
  return ruleExplainKeys(rules).map((key) => t(key));
}
