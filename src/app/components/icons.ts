/** Pictograms used as icons; their accessible names come from the translations. */
export const ICONS = { profile: '⚓', dismiss: '×' } as const;

/** An eye (24×24 box, filled with currentColor, even-odd): people watching the game. */
export const EYE_ICON =
  'M12 5C6.6 5 2.7 8.4 1 12c1.7 3.6 5.6 7 11 7s9.3-3.4 11-7c-1.7-3.6-5.6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z';

/** A speech bubble (24×24 box, filled with currentColor): the game's chat, folded on a phone. */
export const CHAT_ICON =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 5v2h10V9zm0 4v2h7v-2z';

/**
 * Media-control pictograms drawn as SVG paths (24×24 box, filled with currentColor): the fonts a
 * player may have do not all carry ⏮ and ⏭, which then showed as empty boxes. Names come from the
 * translations; the drawing is decoration (`aria-hidden`).
 */
export const STEP_ICONS = {
  first: 'M5 5h2.5v14H5zM19 5v14L8.5 12z',
  previous: 'M17 5v14L6 12z',
  next: 'M7 5v14l11-7z',
  last: 'M16.5 5H19v14h-2.5zM5 5v14l10.5-7z',
  play: 'M7 5v14l11-7z',
  pause: 'M6.5 5H10v14H6.5zM14 5h3.5v14H14z',
} as const;
export type StepIconName = keyof typeof STEP_ICONS;
