import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type NamedPlayer, playerName } from './player-name';

/** playerName bound to the interface's language: re-renders when the language changes. */
export function usePlayerName(): (player: NamedPlayer) => string {
  const { t } = useTranslation();
  return useCallback((player: NamedPlayer) => playerName((key) => t(key), player), [t]);
}
