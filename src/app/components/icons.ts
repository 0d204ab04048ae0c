/** Pictograms used as icons; their accessible names come from the translations. */
export const ICONS = { profile: '⚓', dismiss: '×' } as const;
