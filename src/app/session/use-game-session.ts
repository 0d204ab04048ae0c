import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isErrorAck } from '../../protocol/types';
import { errorText } from '../errors/error-text';
import { ROUTES } from '../routing/paths';
import { showError } from '../stores/banner';
import type { User } from '../stores/user';
import { type GameSession, openGameSession } from './game-session';
import { useRoomSessions } from './sessions-context';

/**
 * Joins the room for as long as the page is shown, through the app's shared room sessions. A join
 * error is shown in the banner and sends the user home (docs/game.md, Errors the player sees).
 */
export function useGameSession(slug: string, user: User): GameSession | null {
  const sessions = useRoomSessions();
  const [session, setSession] = useState<GameSession | null>(null);
  const [, navigate] = useLocation();

  useEffect(() => {
    const acquired = sessions.acquire(`${user.id} ${slug}`, (onClosed) => openGameSession(slug, user, { onClosed }));
    setSession(acquired);
    let active = true;
    void acquired.joined.then((reply) => {
      if (!active || !isErrorAck(reply)) return;
      showError(errorText(reply));
      navigate(ROUTES.home, { replace: true });
    });
    return () => {
      active = false;
      sessions.release(acquired);
    };
  }, [slug, user, navigate, sessions]);

  return session;
}
