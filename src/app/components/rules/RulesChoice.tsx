import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rules } from '../../../game';
import {
  optionDisabled,
  PRESET_RULES,
  RULE_KEYS,
  RULE_OPTIONS,
  RULE_PRESETS,
  type RuleKey,
  ruleOption,
  rulesName,
  withOption,
} from '../../rules/rule-choice';

/**
 * Home: the rules of the next game (docs/game.md, "Rule variants"). The presets players know come
 * first, each told in a line; "Adjust each rule" opens the four rules, each with the line that
 * explains the option chosen. Any mix that is no preset reads "Custom rules".
 */
export function RulesChoice({ value, onChange }: { readonly value: Rules; readonly onChange: (rules: Rules) => void }) {
  const { t } = useTranslation();
  const name = rulesName(value);
  const groupName = useId();
  return (
    <fieldset className="rules-choice" data-testid="rules-choice" data-rules={name}>
      <legend className="visually-hidden">{t('rules.presetLegend')}</legend>
      <div className="rule-presets">
        {RULE_PRESETS.map((preset) => (
          <label key={preset} className="level rule-preset">
            <input
              type="radio"
              name={`${groupName}-preset`}
              value={preset}
              checked={name === preset}
              onChange={() => onChange(PRESET_RULES[preset])}
            />
            <span className="level-text">
              <span className="level-name">{t(`rules.names.${preset}`)}</span>
              <span className="level-description">{t(`rules.presets.${preset}`)}</span>
            </span>
          </label>
        ))}
      </div>
      <details className="rule-details" open={name === 'custom' ? true : undefined}>
        <summary>
          {t('rules.customize')}
          {name === 'custom' && <span className="rule-custom-tag">{t('rules.names.custom')}</span>}
        </summary>
        <div className="rule-options">
          {RULE_KEYS.map((key) => (
            <RuleOption key={key} ruleKey={key} rules={value} group={groupName} onChange={onChange} />
          ))}
        </div>
      </details>
    </fieldset>
  );
}

function RuleOption({
  ruleKey,
  rules,
  group,
  onChange,
}: {
  readonly ruleKey: RuleKey;
  readonly rules: Rules;
  readonly group: string;
  readonly onChange: (rules: Rules) => void;
}) {
  const { t } = useTranslation();
  const chosen = ruleOption(rules, ruleKey);
  const locked = RULE_OPTIONS[ruleKey].some((option) => optionDisabled(rules, ruleKey, option));
  return (
    <fieldset className="rule-option" data-rule={ruleKey}>
      <legend>{t(`rules.labels.${ruleKey}`)}</legend>
      <div className="choices">
        {RULE_OPTIONS[ruleKey].map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name={`${group}-${ruleKey}`}
              value={option}
              checked={chosen === option}
              disabled={optionDisabled(rules, ruleKey, option)}
              onChange={() => onChange(withOption(rules, ruleKey, option))}
            />
            {t(`rules.options.${ruleKey}.${option}.name`)}
          </label>
        ))}
      </div>
      <p className="hint">{locked ? t('rules.russianApart') : t(`rules.options.${ruleKey}.${chosen}.explain`)}</p>
    </fieldset>
  );
}
