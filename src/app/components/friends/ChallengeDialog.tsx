import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASSIC_RULES, type Rules, type TurnSeconds } from '../../../game';
import { sendChallenge } from '../../people/people-session';
import { TurnClockChoice } from '../home/TurnClockChoice';
import { RulesChoice } from '../rules/RulesChoice';

/**
 * Challenge a player (docs/game.md, "Challenges"): the rules and the turn clock of the game, then
 * Send. The challenge then waits, on any page, for the other player's answer.
 */
export function ChallengeDialog({
  userId,
  username,
  onClose,
}: {
  readonly userId: string;
  readonly username: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [rules, setRules] = useState<Rules>(CLASSIC_RULES);
  const [turnSeconds, setTurnSeconds] = useState<TurnSeconds | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const send = async (): Promise<void> => {
    setBusy(true);
    const challenge = await sendChallenge({ userId, rules, turnSeconds });
    setBusy(false);
    if (challenge) onClose();
  };

  return (
    <dialog ref={dialog} className="challenge-dialog" aria-labelledby="challenge-title" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <h2 id="challenge-title">{t('friends.challenge.title', { name: username })}</h2>
        <p className="hint">{t('friends.challenge.lead', { name: username })}</p>
        <RulesChoice value={rules} onChange={setRules} />
        <TurnClockChoice value={turnSeconds} onChange={setTurnSeconds} />
        <div className="cluster dialog-actions">
          <button type="submit" disabled={busy} data-testid="send-challenge">
            {t('friends.challenge.send')}
          </button>
          <button type="button" className="ghost" onClick={onClose}>
            {t('profiles.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
