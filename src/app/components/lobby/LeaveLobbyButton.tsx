import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ROUTES } from '../../routing/paths';
import type { GameSession } from '../../session/game-session';

/** Lobby: leave the room before the game starts (the other member is told) and go home. */
export function LeaveLobbyButton({ session }: { readonly session: GameSession | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [sending, setSending] = useState(false);

  async function leave(): Promise<void> {
    if (!session) return;
    setSending(true);
    if (await session.leave()) navigate(ROUTES.home, { replace: true });
    else setSending(false);
  }

  return (
    <button type="button" className="secondary leave" disabled={!session || sending} onClick={() => void leave()}>
      {t('leave.button')}
    </button>
  );
}
