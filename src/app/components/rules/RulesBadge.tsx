import { useTranslation } from 'react-i18next';
import type { Rules } from '../../../game';
import { rulesExplained, rulesLabel, rulesName, type Translate } from '../../rules/rule-choice';

/**
 * The room's rules in a chip ("Rules: Salvo"), every rule explained in its tooltip and to screen
 * readers. Shown on every page of a game (play, watch, replay) and in lists of games.
 */
export function RulesBadge({ rules, className = '' }: { readonly rules: Rules; readonly className?: string }) {
  const { t } = useTranslation();
  const translate: Translate = (key, values) => t(key, values ?? {});
  const label = rulesLabel(translate, rules);
  const explained = rulesExplained(translate, rules).join('\n');
  return (
    <span
      className={`rules-badge ${className}`.trim()}
      data-testid="rules-badge"
      data-rules={rulesName(rules)}
      title={explained}
    >
      <span className="visually-hidden">{t('rules.title')}: </span>
      {label}
      <span className="visually-hidden">. {explained.replaceAll('\n', ' ')}</span>
    </span>
  );
}

/** Every rule of the room explained, one line each (How to play, the end card). */
export function RulesList({ rules }: { readonly rules: Rules }) {
  const { t } = useTranslation();
  const translate: Translate = (key, values) => t(key, values ?? {});
  return (
    <ul className="rule-lines" data-testid="rule-lines">
      {rulesExplained(translate, rules).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
