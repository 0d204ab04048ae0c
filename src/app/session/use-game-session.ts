import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { errorText } from '../errors/error-text';
import { ROUTES } from '../routing/paths';
import { showError } from '../stores/banner';
import type { User } from '../stores/user';
import { acquireSession, type GameSession, releaseSession } from './game-session';
import { isErrorAck } from '../../protocol/types';

/**
 * Joins the room for as long as the page is shown. A join error is shown in the banner and sends
 * the user home (docs/game.md, Errors the player sees).
 */
export function useGameSession(slug: string, user: User): GameSession | null {
  const [session, setSession] = useState<GameSession | null>(null);
  const [, navigate] = useLocation();

  useEffect(() => {
    const acquired = acquireSession(slug, user);
    setSession(acquired);
    let active = true;
    void acquired.joined.then((reply) => {
      if (!active || !isErrorAck(reply)) return;
      showError(errorText(reply));
      navigate(ROUTES.home, { replace: true });
    });
    return () => {
      active = false;
      releaseSession(acquired);
    };
  }, [slug, user, navigate]);

  return session;
}
