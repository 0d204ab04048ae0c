import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import type { GameSession } from '../../session/game-session';
import { gameStore } from '../../stores/game';

/** PLAY: 'Resign', then a confirmation naming who will win, so one stray click loses nothing. */
export function ResignButton({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { members, userId } = useSnapshot(gameStore);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const keepPlaying = useRef<HTMLButtonElement>(null);
  const opponent = members.find((member) => member.userId !== userId);

  useEffect(() => {
    // The safe answer takes the focus: Enter on a confirmation must not lose the game.
    if (confirming) keepPlaying.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <button type="button" className="secondary small resign" disabled={!session} onClick={() => setConfirming(true)}>
        {t('resign.button')}
      </button>
    );
  }

  async function confirm(): Promise<void> {
    if (!session) return;
    setSending(true);
    const done = await session.resign();
    setSending(false);
    if (!done) setConfirming(false);
  }

  return (
    <div className="confirm resign-confirm">
      <p>{t('resign.confirm', { username: opponent ? name(opponent) : t('game.opponentFallback') })}</p>
      <button type="button" className="danger small" disabled={sending} onClick={() => void confirm()}>
        {t('resign.yes')}
      </button>
      <button type="button" className="secondary small" ref={keepPlaying} onClick={() => setConfirming(false)}>
        {t('resign.no')}
      </button>
    </div>
  );
}
