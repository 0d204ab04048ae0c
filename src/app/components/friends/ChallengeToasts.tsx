import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { Challenge } from '../../../protocol/challenges';
import { challengeSecondsLeft } from '../../people/people-logic';
import { acceptChallenge, cancelChallenge, declineChallenge, dismissNotice } from '../../people/people-session';
import { lobbyPath } from '../../routing/paths';
import { peopleStore } from '../../stores/people';
import { RulesBadge } from '../rules/RulesBadge';
import { useNow } from '../use-now';
import '../../styles/friends.css';

/**
 * Challenges as they come, on any page (docs/game.md, "Challenges"): one sent to the player with
 * Accept and Decline and the seconds left; one they sent, waiting, with Cancel; and why one of
 * theirs ended (declined, expired), until dismissed.
 */
export function ChallengeToasts() {
  const { challengesIn, challengesOut, notices } = useSnapshot(peopleStore);
  const { t } = useTranslation();
  if (challengesIn.length + challengesOut.length + notices.length === 0) return null;
  return (
    <div className="challenge-toasts" aria-live="polite">
      {challengesIn.map((challenge) => (
        <IncomingChallenge key={challenge.id} challenge={challenge} />
      ))}
      {challengesOut.map((challenge) => (
        <OutgoingChallenge key={challenge.id} challenge={challenge} />
      ))}
      {notices.map((notice) => (
        <div key={notice.id} className="challenge-toast notice" role="status" data-testid="challenge-notice">
          <p>{t(`friends.challenge.${notice.key}`, { name: notice.username })}</p>
          <button type="button" className="ghost small" onClick={() => dismissNotice(notice.id)}>
            {t('friends.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}

function Countdown({ challenge }: { readonly challenge: Challenge }) {
  const { t } = useTranslation();
  const { offsetMs } = useSnapshot(peopleStore);
  const now = useNow(true, 500);
  const seconds = challengeSecondsLeft(challenge, now, offsetMs);
  return (
    <span className="challenge-countdown" data-testid="challenge-countdown">
      {t('friends.challenge.secondsLeft', { count: seconds })}
    </span>
  );
}

function Terms({ challenge }: { readonly challenge: Challenge }) {
  const { t } = useTranslation();
  return (
    <span className="challenge-terms">
      <RulesBadge rules={challenge.rules} />
      <span className="hint">
        {challenge.turnSeconds
          ? t('clock.seconds', { seconds: challenge.turnSeconds })
          : t('friends.challenge.noClock')}
      </span>
    </span>
  );
}

function IncomingChallenge({ challenge }: { readonly challenge: Challenge }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const accept = async (): Promise<void> => {
    setBusy(true);
    const slug = await acceptChallenge(challenge.id);
    setBusy(false);
    if (slug) navigate(lobbyPath(slug));
  };
  return (
    <div
      className="challenge-toast incoming"
      role="alertdialog"
      aria-label={t('friends.challenge.incomingLabel')}
      data-testid="incoming-challenge"
    >
      <p>
        <strong>{t('friends.challenge.incoming', { name: challenge.from.username })}</strong>
      </p>
      <Terms challenge={challenge} />
      <div className="cluster challenge-actions">
        <button type="button" className="small" disabled={busy} onClick={() => void accept()}>
          {t('friends.challenge.accept')}
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={busy}
          onClick={() => void declineChallenge(challenge.id)}
        >
          {t('friends.challenge.decline')}
        </button>
        <button
          type="button"
          className="ghost small"
          disabled={busy}
          onClick={() => void declineChallenge(challenge.id, 'later')}
        >
          {t('friends.challenge.later')}
        </button>
        <Countdown challenge={challenge} />
      </div>
    </div>
  );
}

function OutgoingChallenge({ challenge }: { readonly challenge: Challenge }) {
  const { t } = useTranslation();
  return (
    <div className="challenge-toast outgoing" role="status" data-testid="outgoing-challenge">
      <p>{t('friends.challenge.waiting', { name: challenge.to.username })}</p>
      <Terms challenge={challenge} />
      <div className="cluster challenge-actions">
        <button type="button" className="secondary small" onClick={() => void cancelChallenge(challenge.id)}>
          {t('friends.challenge.cancel')}
        </button>
        <Countdown challenge={challenge} />
      </div>
    </div>
  );
}
