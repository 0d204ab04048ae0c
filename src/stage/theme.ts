/**
 * Stage colours come from CSS variables the web client defines on :root, so light and dark themes
 * restyle the canvas too. Reading is split in two: `themeFromLookup` is pure (tested), the DOM
 * read lives in `readStageTheme`.
 */
export interface StageTheme {
  readonly bg: string;
  readonly water: string;
  readonly gridLine: string;
  readonly ship: string;
  readonly shipStroke: string;
  /** Turrets, superstructure and flight-deck markings over the hull. */
  readonly shipDeck: string;
  readonly miss: string;
  readonly hit: string;
  readonly sunk: string;
  readonly highlight: string;
  readonly invalid: string;
  readonly text: string;
}

export const THEME_VARIABLES: Readonly<Record<keyof StageTheme, string>> = {
  bg: '--stage-bg',
  water: '--stage-water',
  gridLine: '--stage-grid-line',
  ship: '--stage-ship',
  shipStroke: '--stage-ship-stroke',
  shipDeck: '--stage-ship-deck',
  miss: '--stage-miss',
  hit: '--stage-hit',
  sunk: '--stage-sunk',
  highlight: '--stage-highlight',
  invalid: '--stage-invalid',
  text: '--stage-text',
};

/** The dark theme (the default, docs/game.md) used when a variable is missing or unreadable. */
export const FALLBACK_THEME: StageTheme = {
  bg: '#0b1726',
  water: '#123456',
  gridLine: '#2f5b86',
  ship: '#8a97a8',
  shipStroke: '#d7e0ea',
  shipDeck: '#c7d5e1',
  miss: '#cfe3f5',
  hit: '#ff5a3c',
  sunk: '#7a1f12',
  highlight: '#ffd166',
  invalid: '#e63946',
  text: '#e8eef5',
};

/**
 * Builds a theme from a variable lookup; `isColor` rejects values the renderer cannot parse
 * (e.g. a colour syntax Pixi does not know), which then fall back instead of drawing black.
 */
export function themeFromLookup(
  lookup: (variable: string) => string,
  isColor: (value: string) => boolean,
  fallback: StageTheme = FALLBACK_THEME,
): StageTheme {
  const out: Record<string, string> = {};
  for (const key of Object.keys(THEME_VARIABLES) as (keyof StageTheme)[]) {
    const raw = lookup(THEME_VARIABLES[key]).trim();
    out[key] = raw !== '' && isColor(raw) ? raw : fallback[key];
  }
  return out as unknown as StageTheme;
}

export function sameTheme(a: StageTheme, b: StageTheme): boolean {
  return (Object.keys(THEME_VARIABLES) as (keyof StageTheme)[]).every((k) => a[k] === b[k]);
}
