import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TurnSeconds } from '../../../game';
import { TurnClockChoice } from './TurnClockChoice';

export interface CreateOptions {
  readonly turnSeconds: TurnSeconds | null;
  /** Listed among the open games while it waits for a second player (issue 12). */
  readonly isPublic: boolean;
}

/**
 * Home: a new room to invite a friend to, with its turn clock and whether it is listed publicly,
 * each where the server offers it (`clock`, `listing`).
 */
export function CreateGameCard({
  clock = true,
  listing = true,
  options,
  onChange,
  onCreate,
  busy,
  rules = null,
}: {
  readonly clock?: boolean;
  readonly listing?: boolean;
  readonly options: CreateOptions;
  readonly onChange: (options: CreateOptions) => void;
  readonly onCreate: () => void;
  readonly busy: boolean;
  /** The rules chosen above the cards, shown next to the button that uses them. */
  readonly rules?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card create-card" aria-labelledby="create-title">
      <h2 id="create-title">{t('home.createTitle')}</h2>
      <p className="card-text">{t('home.createText')}</p>
      {clock && (
        <TurnClockChoice
          value={options.turnSeconds}
          onChange={(turnSeconds) => onChange({ ...options, turnSeconds })}
        />
      )}
      {listing && (
        <>
          <label className="check">
            <input
              type="checkbox"
              name="public"
              checked={options.isPublic}
              onChange={(event) => onChange({ ...options, isPublic: event.target.checked })}
            />
            <span>{t('home.public')}</span>
          </label>
          <p className="hint public-hint">{t('home.publicHint')}</p>
        </>
      )}
      <div className="card-actions">
        {rules}
        <button type="button" className="primary" disabled={busy} onClick={onCreate}>
          {t('home.create')}
        </button>
      </div>
    </section>
  );
}
