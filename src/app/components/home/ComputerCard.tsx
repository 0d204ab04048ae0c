import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotLevel } from '../../../protocol/types';

/** The server's levels (BOT_LEVELS of src/protocol/schemas), listed here so zod stays out of the first paint. */
export const COMPUTER_LEVELS: readonly BotLevel[] = ['easy', 'medium', 'hard'];

/**
 * Home: a game against the server's computer player (issue 12), at the chosen level, each level
 * told in a line. The same level is used when the quick match offers the computer instead.
 */
export function ComputerCard({
  level,
  onLevel,
  onPlay,
  busy,
  rules = null,
}: {
  readonly level: BotLevel;
  readonly onLevel: (level: BotLevel) => void;
  readonly onPlay: () => void;
  readonly busy: boolean;
  /** The rules chosen above the cards, shown next to the button that uses them. */
  readonly rules?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card computer-card" aria-labelledby="computer-title">
      <h2 id="computer-title">{t('computer.title')}</h2>
      <p className="card-text">{t('computer.text')}</p>
      <fieldset className="level-choice">
        <legend>{t('computer.level')}</legend>
        {COMPUTER_LEVELS.map((choice) => (
          <label key={choice} className="level">
            <input
              type="radio"
              name="computer-level"
              value={choice}
              checked={level === choice}
              onChange={() => onLevel(choice)}
            />
            <span className="level-text">
              <span className="level-name">{t(`computer.levels.${choice}.name`)}</span>
              <span className="level-description">{t(`computer.levels.${choice}.description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="card-actions">
        {rules}
        <button type="button" className="primary" disabled={busy} onClick={onPlay}>
          {t('computer.play')}
        </button>
      </div>
    </section>
  );
}
