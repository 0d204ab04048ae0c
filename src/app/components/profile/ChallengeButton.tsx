import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFeatures } from '../../server/use-features';
import { peopleStore } from '../../stores/people';
import { ChallengeDialog } from '../friends/ChallengeDialog';
import type { ProfileSlotProps } from './profile-slots';

/** Challenge the player to a game (docs/game.md, "Challenges"): rules and clock in a dialog. */
export function ChallengeButton({ player, own }: ProfileSlotProps) {
  const { t } = useTranslation();
  const { friends } = useFeatures();
  const { connection } = useSnapshot(peopleStore);
  const [open, setOpen] = useState(false);
  if (own || !friends || player.bot || player.blocked) return null;
  return (
    <>
      <button
        type="button"
        className="small"
        disabled={connection !== 'online'}
        onClick={() => setOpen(true)}
        data-testid="challenge-button"
      >
        {t('friends.challenge.button')}
      </button>
      {open && <ChallengeDialog userId={player.id} username={player.username} onClose={() => setOpen(false)} />}
    </>
  );
}
