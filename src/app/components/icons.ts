/** Pictograms used as icons; their accessible names come from the translations. */
export const ICONS = { profile: '⚓', dismiss: '×' } as const;

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
