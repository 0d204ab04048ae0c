import type { GameStatus } from '../../game';

/** What the client reads of a member for presence; `connected`/`awayUntil` come from issue 11 servers. */
export interface PresenceMember {
  readonly userId: string;
  readonly username: string;
  readonly socketId: string | null;
  readonly hasToPlay: boolean;
  readonly connected?: boolean;
  readonly awayUntil?: number | null;
  /** The level of a server-side computer player (issue 12); null or absent for a person. */
  readonly bot?: string | null;
  /** `BOT` for a bot account (a program playing through the API); null or absent for a person. */
  readonly title?: 'BOT' | null;
}

export interface PresenceEntry {
  readonly userId: string;
  readonly username: string;
  readonly me: boolean;
  readonly connected: boolean;
  readonly hasToPlay: boolean;
  readonly bot: boolean;
  readonly title: 'BOT' | null;
}

/**
 * A member is connected when the server says so; a SPEC-only server says it with a socketId. A
 * computer player plays inside the server, without a socket: it is always there.
 */
export function isConnected(member: PresenceMember): boolean {
  if (member.bot) return true;
  return member.connected ?? member.socketId !== null;
}

/** Every member with its connection state, this player first. */
export function presenceOf(members: readonly PresenceMember[], userId: string | null): PresenceEntry[] {
  const entries = members.map((member) => ({
    userId: member.userId,
    username: member.username,
    me: member.userId === userId,
    connected: isConnected(member),
    hasToPlay: member.hasToPlay,
    bot: Boolean(member.bot),
    title: member.title ?? null,
  }));
  return [...entries.filter((e) => e.me), ...entries.filter((e) => !e.me)];
}

export interface AwayOpponent {
  readonly username: string;
  /** When the opponent forfeits, on the server's clock (epoch ms). */
  readonly awayUntil: number;
}

/** The opponent who dropped during PLAY and whose forfeit deadline is running, if any. */
export function awayOpponent(
  members: readonly PresenceMember[],
  userId: string | null,
  status: GameStatus | null,
): AwayOpponent | null {
  if (status !== 'PLAY') return null;
  const opponent = members.find((member) => member.userId !== userId);
  if (!opponent || isConnected(opponent) || opponent.awayUntil == null) return null;
  return { username: opponent.username, awayUntil: opponent.awayUntil };
}

/** The members of `before` no longer in `after`, other than this player: who left the lobby. */
export function departedMembers(
  before: readonly PresenceMember[],
  after: readonly PresenceMember[],
  userId: string | null,
): string[] {
  const still = new Set(after.map((member) => member.userId));
  return before.filter((member) => member.userId !== userId && !still.has(member.userId)).map((m) => m.username);
}
