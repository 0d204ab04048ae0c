import type { ComponentType } from 'react';
import type { PublicUser } from '../../../protocol/accounts';
import { InsightsSection } from '../analysis/InsightsSection';
import { BlockButton } from './BlockButton';
import { ChallengeButton } from './ChallengeButton';
import { FriendButton } from './FriendButton';

/** What an action or a section of a player's profile is given. */
export interface ProfileSlotProps {
  /** The player whose profile this is, as GET /users/:id answered. */
  readonly player: PublicUser;
  /** True on one's own profile. */
  readonly own: boolean;
}

/** One component of a profile's row of actions or of its sections, under a name of its own. */
export interface ProfileSlot {
  readonly id: string;
  readonly Component: ComponentType<ProfileSlotProps>;
}

/**
 * The buttons of a player's profile (docs/game.md, "Profiles"), in order, in one row under the
 * name. A capability adds its own component here, one line each (friends: Add friend, Challenge,
 * Message); each decides when it shows (not on one's own profile, not for the computer, not on a
 * server without its feature). Block comes last: it ends the others.
 */
export const PROFILE_ACTIONS: readonly ProfileSlot[] = [
  { id: 'friend', Component: FriendButton },
  { id: 'challenge', Component: ChallengeButton },
  { id: 'block', Component: BlockButton },
];

/**
 * The sections of a player's profile between the record by rules and the recent games (analysis:
 * accuracy and insights), one line each, as PROFILE_ACTIONS.
 */
export const PROFILE_SECTIONS: readonly ProfileSlot[] = [{ id: 'insights', Component: InsightsSection }];
