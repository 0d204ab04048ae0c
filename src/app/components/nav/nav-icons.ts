import { EYE_ICON } from '../icons';

/** The main navigation's pictograms (24×24 box, filled with currentColor, even-odd); names come from the translations. */
export const NAV_ICONS = {
  /** A gun sight. */
  play: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm0 5a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM11 0h2v3h-2zm0 21h2v3h-2zM0 11h3v2H0zm21 0h3v2h-3z',
  watch: EYE_ICON,
  /** A podium. */
  leaderboard: 'M9 4h6v17H9zM2 10h6v11H2zm14 3h6v8h-6z',
  /** Two heads and shoulders. */
  friends:
    'M8.5 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM0 20.5C0 16.6 3.6 14 8.5 14s8.5 2.6 8.5 6.5zM16.5 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM18.6 20.5c0-2.5-1-4.6-2.8-6.1 4.4.2 8.2 2.5 8.2 6.1z',
  /** A head and shoulders. */
  profile: 'M12 2.5a4.75 4.75 0 1 0 0 9.5 4.75 4.75 0 0 0 0-9.5zM2.5 21.5c0-4.6 4.2-7.5 9.5-7.5s9.5 2.9 9.5 7.5z',
} as const;
export type NavIconName = keyof typeof NAV_ICONS;
