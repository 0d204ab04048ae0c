import { useTranslation } from 'react-i18next';
import { TURN_SECONDS, type TurnSeconds } from '../../../game';

const CHOICES: readonly (TurnSeconds | null)[] = [null, ...TURN_SECONDS];

/** The turn clock a new game is created with: off (the SPEC game), 30 s or 60 s per turn. */
export function TurnClockChoice({
  value,
  onChange,
}: {
  readonly value: TurnSeconds | null;
  readonly onChange: (value: TurnSeconds | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="turn-clock-choice">
      <legend>{t('clock.label')}</legend>
      <div className="choices">
        {CHOICES.map((choice) => (
          <label key={choice ?? 'off'} className="choice">
            <input
              type="radio"
              name="turn-clock"
              value={choice ?? 'off'}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {choice === null ? t('clock.off') : t('clock.seconds', { seconds: choice })}
          </label>
        ))}
      </div>
      <p className="hint">{t('clock.hint')}</p>
    </fieldset>
  );
}
