import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../account/accounts-api';
import { errorText } from '../../errors/error-text';
import { usePlayerName } from '../../players/use-player-name';
import { useFeatures } from '../../server/use-features';
import { showError } from '../../stores/banner';
import type { ProfileSlotProps } from './profile-slots';

/**
 * Block or unblock the player (docs/game.md, "Blocking a player"): from then on no chat line,
 * message, friend request, challenge or quick-match pairing passes between the two. The first click
 * asks to confirm, since a block also ends a friendship.
 */
export function BlockButton({ player, own }: ProfileSlotProps) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { blocks } = useFeatures();
  const [blocked, setBlocked] = useState(player.blocked === true);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (own || !blocks || player.bot) return null;
  const who = name(player);

  const toggle = async (): Promise<void> => {
    setBusy(true);
    try {
      const accounts = await accountsApi();
      if (blocked) await accounts.unblock(player.id);
      else await accounts.block(player.id);
      setBlocked(!blocked);
      setConfirming(false);
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <div className="block-confirm">
        <p className="hint">{t('profiles.blockConfirm', { name: who })}</p>
        <div className="cluster">
          <button type="button" className="danger small" disabled={busy} onClick={() => void toggle()}>
            {t('profiles.blockYes')}
          </button>
          <button type="button" className="ghost small" disabled={busy} onClick={() => setConfirming(false)}>
            {t('profiles.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="small"
        disabled={busy}
        onClick={() => (blocked ? void toggle() : setConfirming(true))}
        data-testid="block-button"
      >
        {t(blocked ? 'profiles.unblock' : 'profiles.block')}
      </button>
      {blocked && (
        <p className="hint profile-note" role="status">
          {t('profiles.blockedNote', { name: who })}
        </p>
      )}
    </>
  );
}
