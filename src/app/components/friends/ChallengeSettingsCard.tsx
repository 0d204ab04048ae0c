import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHALLENGES_FROM, type ChallengesFrom } from '../../../protocol/challenges';
import { errorText } from '../../errors/error-text';
import { friendsApi } from '../../people/friends-api';
import { showError } from '../../stores/banner';
import '../../styles/friends.css';

/**
 * Your account: who may challenge you to a game — everyone, your friends only, or nobody
 * (GET/PUT /users/me/challenge-settings, docs/protocol.md). A choice is saved as it is made, as
 * lichess's preferences are; a refused save puts the previous choice back and says why.
 */
export function ChallengeSettingsCard() {
  const { t } = useTranslation();
  const [from, setFrom] = useState<ChallengesFrom | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    friendsApi()
      .then((friends) => friends.challengeSettings())
      .then((settings) => {
        if (live) setFrom(settings.from);
      })
      .catch((error: unknown) => showError(errorText(error)));
    return () => {
      live = false;
    };
  }, []);

  const choose = async (next: ChallengesFrom): Promise<void> => {
    const previous = from;
    setFrom(next);
    setSaved(false);
    setSaving(true);
    try {
      const settings = await (await friendsApi()).setChallengeSettings({ from: next });
      setFrom(settings.from);
      setSaved(true);
    } catch (error) {
      setFrom(previous);
      showError(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      className="card account-card challenge-settings"
      aria-labelledby="challenge-settings-title"
      data-testid="challenge-settings"
    >
      <h2 id="challenge-settings-title" className="card-title">
        {t('friends.challengeSettings.title')}
      </h2>
      {/* The computer card's level choice: one line per choice, its name and what it means. */}
      <fieldset className="level-choice challenge-settings-choices" disabled={from === null || saving}>
        <legend>{t('friends.challengeSettings.legend')}</legend>
        {CHALLENGES_FROM.map((choice) => (
          <label key={choice} className="level">
            <input
              type="radio"
              name="challenges-from"
              value={choice}
              checked={from === choice}
              onChange={() => void choose(choice)}
            />
            <span className="level-text">
              <span className="level-name">{t(`friends.challengeSettings.${choice}`)}</span>
              <span className="level-description">{t(`friends.challengeSettings.${choice}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="account-done" role="status">
        {saved ? t('friends.challengeSettings.saved') : ''}
      </p>
    </section>
  );
}
