import { createContext, type ReactNode, useContext, useState } from 'react';
import type { GameSession } from './game-session';
import { RoomSessions } from './room-sessions';

const RoomSessionsContext = createContext<RoomSessions<GameSession> | null>(null);

/** The app's room sessions (room-sessions.ts): one holder for the whole shell, made with it. */
export function RoomSessionsProvider({ children }: { readonly children: ReactNode }) {
  const [sessions] = useState(() => new RoomSessions<GameSession>());
  return <RoomSessionsContext.Provider value={sessions}>{children}</RoomSessionsContext.Provider>;
}

export function useRoomSessions(): RoomSessions<GameSession> {
  const sessions = useContext(RoomSessionsContext);
  if (!sessions) throw new Error('useRoomSessions needs a RoomSessionsProvider above it (src/app/App.tsx)');
  return sessions;
}
