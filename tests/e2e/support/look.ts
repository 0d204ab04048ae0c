import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { newPlayer, type TestPlayer } from '../../support/players';
import { userFromToken } from '../../../src/app/stores/user';
import { USER_STORAGE_KEY } from '../../../src/app/stores/auth';

/** The two screens every page is designed and checked for (issue #13). */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
/** Both screens' names, for a test per screen. */
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];
export type ThemeName = 'dark' | 'light';
export const THEMES: readonly ThemeName[] = ['dark', 'light'];
/** The app's languages, each with the browser locale that picks it. */
export const LANGUAGES = { en: 'en-US', fr: 'fr-FR' } as const;
export type LanguageName = keyof typeof LANGUAGES;
const texts = (language: LanguageName): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', language, 'translation.json'), 'utf8'));
const TEXTS: Readonly<Record<LanguageName, unknown>> = { en: texts('en'), fr: texts('fr') };

/** The app's text for `key` ("game.validate") in `language`, {{values}} filled in. */
export function text(
  language: LanguageName,
  key: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  let at: unknown = TEXTS[language];
  for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  if (typeof at !== 'string') throw new Error(`no text ${key} in ${language}`);
  return at.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Screenshots are kept as artifacts of the run (SCREENSHOT_DIR, default test-results/screenshots). */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join('test-results', 'screenshots');

export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  user: TestPlayer | null = null,
  language: LanguageName = 'en',
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: LANGUAGES[language], ...VIEWPORTS[viewport] });
  if (user) {
    const stored = JSON.stringify(userFromToken(user.token));
    await context.addInitScript(
      ([key, value]) => {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
      },
      [USER_STORAGE_KEY, stored] as const,
    );
  }
  return context;
}

/** A fresh account made through the HTTP API of the server under test. */
export function apiPlayer(baseURL: string | undefined, prefix: string): Promise<TestPlayer> {
  return newPlayer(baseURL ?? 'http://127.0.0.1', prefix);
}

/** Sets the theme through the profile panel, as a player would (the theme lives in memory only). */
export async function setTheme(page: Page, theme: ThemeName): Promise<void> {
  const current = await page.locator('html').getAttribute('data-theme');
  if (current === theme) return;
  const language: LanguageName = (await page.locator('html').getAttribute('lang')) === 'fr' ? 'fr' : 'en';
  const profile = page.getByRole('button', { name: text(language, 'nav.profileButton') });
  await profile.click();
  await page.getByLabel(text(language, 'panel.darkMode')).click();
  await profile.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Saves a full-window screenshot named after the screen, the theme and the page. */
export async function shoot(page: Page, viewport: ViewportName, theme: ThemeName, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${viewport}-${theme}-${name}.png`);
  // Animations settle and fonts load before the picture; the canvas keeps its own ticker.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  return path;
}

/**
 * The page in each theme, one screenshot each (`shoot`): `prepare` runs after the theme is set and
 * before the picture, for the checks a picture cannot prove or to scroll something into view.
 */
export async function shootBothThemes(
  page: Page,
  viewport: ViewportName,
  name: string,
  prepare?: (theme: ThemeName) => Promise<void>,
): Promise<void> {
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await prepare?.(theme);
    await shoot(page, viewport, theme, name);
  }
}

/** Nothing on the page is wider than the window (a picture cannot prove it). */
export async function checkNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Every visible button, link and input is a comfortable touch target (40 px high at least); a
 * radio or checkbox is tapped through its label, so the label is measured; a link inside a
 * sentence is left out.
 */
export async function checkTouchTargets(page: Page, what: string): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('button, a, input')]
      .map((el) => ({ el, box: (el.closest('label') ?? el).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ el, box }) => box.height < 40 && !(el instanceof HTMLAnchorElement && el.closest('p')))
      .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim()}" ${Math.round(box.height)}px`),
  );
  expect(small, `${what}: touch targets under 40 px`).toEqual([]);
}

/**
 * Every element `inner` matches lies inside the content box (within the padding) of the element
 * `outer` matches: a table spilling over a card's padding scrolls nothing, so only this tells.
 */
export async function checkWithinPadding(page: Page, inner: string, outer: string, what: string): Promise<void> {
  const spill = await page.locator(outer).evaluate((box, selector) => {
    const style = getComputedStyle(box);
    const rect = box.getBoundingClientRect();
    const left = rect.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
    const right = rect.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
    return [...box.querySelectorAll(selector)]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.left < left - 0.5 || r.right > right + 0.5)
      .map(
        ({ el, r }) =>
          `${el.tagName} "${el.textContent?.trim()}" ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(left)}–${Math.round(right)}`,
      );
  }, inner);
  expect(spill, `${what}: over the padding`).toEqual([]);
}
