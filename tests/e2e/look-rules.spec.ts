import { join } from 'node:path';
import { expect, type Page, test } from './support/test';
import { makeRules, moveShip, type ShipMap, shipEntries, touchingShips } from '../../src/game';
import {
  apiPlayer,
  LANGUAGES,
  type LanguageName,
  newContext,
  SCREENSHOT_DIR,
  setTheme,
  shoot,
  text,
  THEMES,
  VIEWPORTS,
  type ViewportName,
  checkNoSidewaysScroll,
  checkWithinPadding,
} from './support/look';

/*
 * Rule variants as a player sees them (issue 23): Home's choice of rules, placement with the
 * russian fleet, a salvo being aimed, the end card and How to play; both themes, English and
 * French, at 1280×720 and 390×844. Screenshots go to test-results/screenshots (SCREENSHOT_DIR);
 * the checks are what a picture cannot prove (nothing overflows sideways or is cut off).
 */
/**
 * Every control in the game bar lies whole inside the window and inside its own box (nothing
 * clipped), with what it draws around itself: a ring (a shadow without blur, like Fire's when it is
 * ready) or a focus outline is cut by a box that hides its overflow as surely as the control is.
 */
async function checkBarFits(page: Page, what: string): Promise<void> {
  const cut = await page.evaluate(() => {
    /** How far past its border box a control draws: its rings' spread and offset, its outline. */
    const ringOf = (el: Element): number => {
      const style = getComputedStyle(el);
      const rings = [...style.boxShadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px ([\d.]+)px (-?[\d.]+)px(?! *inset)/g)]
        .map((m) => m.slice(1).map(Number))
        .filter(([, , blur]) => blur === 0)
        .map(([x = 0, y = 0, , spread = 0]) => Math.max(Math.abs(x), Math.abs(y)) + spread);
      const outline =
        style.outlineStyle === 'none'
          ? 0
          : Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
      return Math.max(0, outline, ...rings);
    };
    return [...document.querySelectorAll<HTMLElement>('.game-bar button, .game-bar [role="status"]')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const inner = el.getBoundingClientRect();
        const ring = ringOf(el);
        const box = {
          left: inner.left - ring,
          right: inner.right + ring,
          top: inner.top - ring,
          bottom: inner.bottom + ring,
        };
        let clipped = box.left < 0 || box.right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1;
        for (let up = el.parentElement; up && !clipped; up = up.parentElement) {
          const style = getComputedStyle(up);
          const outer = up.getBoundingClientRect();
          if (style.overflowX !== 'visible') clipped = box.right > outer.right + 0.5 || box.left < outer.left - 0.5;
          if (style.overflowY !== 'visible' && !clipped)
            clipped = box.bottom > outer.bottom + 0.5 || box.top < outer.top - 0.5;
        }
        return clipped;
      })
      .map((el) => `${el.textContent?.trim() || el.className}${ringOf(el) ? ` (ring ${ringOf(el)} px)` : ''}`);
  });
  expect(cut, `${what}: clipped in the game bar`).toEqual([]);
}

/** Every visible element `selector` matches shows its whole text: no ellipsis, no line clamped away. */
async function checkTextWhole(page: Page, selector: string, what: string): Promise<void> {
  const cut = await page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((el) => el.offsetParent !== null)
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent?.trim() ?? ''),
    selector,
  );
  expect(cut, `${what}: text cut short`).toEqual([]);
}

const LANGUAGE_NAMES = Object.keys(LANGUAGES) as LanguageName[];
const suffix = (language: LanguageName) => (language === 'en' ? '' : `-${language}`);

for (const language of LANGUAGE_NAMES) {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`Home's choice of rules, both themes, ${viewport}, ${language}`, async ({ browser, baseURL }) => {
      const user = await apiPlayer(baseURL, 'rules');
      const page = await (await newContext(browser, viewport, user, language)).newPage();
      await page.goto('/');
      const choice = page.getByTestId('rules-choice');
      await choice.getByText(text(language, 'rules.names.russian')).click();
      await page.getByText(text(language, 'rules.customize')).click();
      await expect(
        choice.getByRole('radio', { name: text(language, 'rules.options.touch.yes.name'), exact: true }),
      ).toBeDisabled();
      await expect(page.getByTestId('rules-badge').first()).toHaveText(
        new RegExp(text(language, 'rules.names.russian')),
      );
      const card = page.locator('.rules-card');
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkNoSidewaysScroll(page, 'home with the rules open');
        await card.scrollIntoViewIfNeeded();
        await shoot(page, viewport, theme, `rules-home${suffix(language)}`);
        await card.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-${theme}-rules-card${suffix(language)}.png`) });
      }
      // A mix that is no preset says so.
      await choice
        .getByRole('group', { name: text(language, 'rules.labels.shots') })
        .getByRole('radio', { name: text(language, 'rules.options.shots.salvo.name') })
        .check();
      await expect(page.getByTestId('rules-badge').first()).toHaveText(
        new RegExp(text(language, 'rules.names.custom')),
      );
    });
  }
}

for (const language of LANGUAGE_NAMES) {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`the lobby of a Morskoy Boy room spells its rules out, both themes, ${viewport}, ${language}`, async ({
      browser,
      baseURL,
    }) => {
      const user = await apiPlayer(baseURL, 'lobby');
      const { slug } = await user.api.createRoom({ rules: { fleet: 'russian', again: 'hit' } });
      const page = await (await newContext(browser, viewport, user, language)).newPage();
      await page.goto(`/game/lobby/${slug}`);
      const rules = page.getByTestId('lobby-rules');
      await expect(rules.getByTestId('rules-badge')).toHaveText(new RegExp(text(language, 'rules.names.russian')));
      // Not the classic rules: every line shows without a tap.
      await expect(rules.getByRole('listitem')).toHaveCount(4);
      await expect(rules.getByRole('listitem').first()).toBeVisible();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkNoSidewaysScroll(page, 'lobby');
        await checkWithinPadding(page, 'h2, .rules-badge, li', '.lobby-rules', 'lobby rules');
        await shoot(page, viewport, theme, `rules-lobby${suffix(language)}`);
      }
    });
  }
}

/** The one-cell boat moved next to another ship, by a drag on the canvas: drawn refused. */
async function touchLayout(page: Page): Promise<void> {
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveAttribute('data-fleet', /"9":/);
  const fleet = JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as ShipMap;
  const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as {
    player: { x: number; y: number; cell: number };
  };
  const canvas = await stage.locator('canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  const at = (c: { x: number; y: number }) => ({
    x: canvas.x + layout.player.x + (c.x + 0.5) * layout.player.cell,
    y: canvas.y + layout.player.y + (c.y + 0.5) * layout.player.cell,
  });
  const from = fleet['9']?.[0];
  if (!from) throw new Error('no boat');
  for (let i = 0; i < 100; i++) {
    const to = { x: i % 10, y: Math.floor(i / 10) };
    const moved = moveShip(fleet, '9', to);
    if (!moved.ok || !touchingShips(moved.value).has('9')) continue;
    const a = at(from);
    const b = at(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let s = 1; s <= 8; s++) await page.mouse.move(a.x + ((b.x - a.x) * s) / 8, a.y + ((b.y - a.y) * s) / 8);
    await page.mouse.up();
    await expect(stage).toHaveAttribute('data-refused', /9/);
    return;
  }
}

for (const language of LANGUAGE_NAMES) {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`the russian fleet placed (a touching boat refused), played and ended, both themes, ${viewport}, ${language}`, async ({
      browser,
      baseURL,
    }) => {
      const user = await apiPlayer(baseURL, 'russ');
      const { slug } = await user.api.computerGame({
        level: 'easy',
        rules: makeRules({ fleet: 'russian', again: 'hit' }),
      });
      const page = await (await newContext(browser, viewport, user, language)).newPage();
      await page.goto(`/game/${slug}`);
      await expect(page.locator('section.game')).toHaveAttribute('data-status', 'PLACE_SHIPS');
      await expect(page.getByTestId('stage')).toHaveAttribute('data-renderer', /.+/);
      expect(
        shipEntries(JSON.parse((await page.getByTestId('stage').getAttribute('data-fleet')) ?? '{}')),
      ).toHaveLength(10);
      await touchLayout(page);
      await expect(page.getByRole('button', { name: text(language, 'game.validate') })).toBeDisabled();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkNoSidewaysScroll(page, 'russian placement');
        await page.waitForTimeout(300);
        await shoot(page, viewport, theme, `rules-placement-russian${suffix(language)}`);
      }

      // In play and at the end the bar says whose turn it is and who won whole, beside the rules'
      // longer name (on a phone « Encore un tir » / "Morskoy Boy" once cut it to "It's your…").
      await page.getByRole('button', { name: text(language, 'game.shuffle') }).click();
      await page.getByRole('button', { name: text(language, 'game.validate') }).click();
      await expect(page.locator('.game-bar .turn.mine')).toBeVisible({ timeout: 20_000 });
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkBarFits(page, 'russian play');
        await checkTextWhole(page, '.game-bar .turn > span', 'russian play');
        await page.waitForTimeout(300);
        await shoot(page, viewport, theme, `rules-play-russian${suffix(language)}`);
      }
      await page.getByRole('button', { name: text(language, 'resign.button') }).click();
      await page.getByRole('button', { name: text(language, 'resign.yes') }).click();
      await expect(page.locator('section.game')).toHaveAttribute('data-status', 'ENDED', { timeout: 10_000 });
      await page.getByRole('button', { name: text(language, 'end.hide') }).click();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkBarFits(page, 'russian end');
        await checkTextWhole(page, '.game-bar .winner', 'russian end');
        await shoot(page, viewport, theme, `rules-end-bar-russian${suffix(language)}`);
      }
    });
  }
}

/** Clicks cells of the enemy grid on the canvas. */
async function aimAt(page: Page, cells: readonly { x: number; y: number }[]): Promise<void> {
  const stage = page.getByTestId('stage');
  const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as {
    opponent: { x: number; y: number; cell: number };
  };
  const canvas = await stage.locator('canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  for (const c of cells) {
    await page.mouse.click(
      canvas.x + layout.opponent.x + (c.x + 0.5) * layout.opponent.cell,
      canvas.y + layout.opponent.y + (c.y + 0.5) * layout.opponent.cell,
    );
  }
}

for (const language of LANGUAGE_NAMES) {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`a salvo being aimed, the end card, How to play, both themes, ${viewport}, ${language}`, async ({
      browser,
      baseURL,
    }) => {
      // Aiming, firing, the end card, How to play and the history, with screenshots in both themes:
      // some 40 s alone, twice that on a loaded machine (CI's load averages reach 20).
      test.setTimeout(150_000);
      const user = await apiPlayer(baseURL, 'salvo');
      const { slug } = await user.api.computerGame({ level: 'easy', rules: makeRules({ shots: 'salvo' }) });
      const page = await (await newContext(browser, viewport, user, language)).newPage();
      await page.goto(`/game/${slug}`);
      await page.getByRole('button', { name: text(language, 'game.validate') }).click();
      const count = page.locator('.salvo-count');
      await expect(count).toBeVisible({ timeout: 20_000 });
      await aimAt(page, [
        { x: 2, y: 2 },
        { x: 5, y: 4 },
        { x: 7, y: 7 },
      ]);
      await expect(count).toHaveAttribute('data-aimed', '3');
      await expect(count).toContainText(text(language, 'game.salvoAimed', { aimed: 3, limit: 5 }));
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkNoSidewaysScroll(page, 'salvo aiming');
        await checkBarFits(page, 'salvo aiming');
        await page.waitForTimeout(300);
        await shoot(page, viewport, theme, `rules-salvo-aiming${suffix(language)}`);
      }
      await aimAt(page, [
        { x: 0, y: 9 },
        { x: 9, y: 0 },
      ]);
      await expect(page.locator('.salvo-fire')).toBeEnabled();
      await checkBarFits(page, 'salvo ready to fire');
      await shoot(page, viewport, 'light', `rules-salvo-ready${suffix(language)}`);

      // How to play, as the room's rules explain it.
      await page
        .getByRole('button', { name: text(language, 'howToPlay.open') })
        .first()
        .click();
      const how = page.getByRole('dialog');
      await expect(how).toBeVisible();
      await expect(how.locator('.how-to-play-rules')).toBeVisible();
      for (const theme of THEMES) {
        if (theme !== 'light') continue;
        await checkNoSidewaysScroll(page, 'how to play');
        await shoot(page, viewport, theme, `rules-how-to-play${suffix(language)}`);
      }
      await page.keyboard.press('Escape');
      await expect(how).toBeHidden();

      // Fired, the salvo's marks appear one by one with their shots (shot-beats.ts, mark-beats.ts), not all at once.
      // Seen in the dark theme (aiming is shot in both above).
      await setTheme(page, 'dark');
      const stage = page.getByTestId('stage');
      await expect(stage).toHaveAttribute('data-marks', '0');
      await stage.evaluate((el) => {
        const seen: string[] = [];
        Object.assign(window, { marksSeen: seen });
        new MutationObserver(() => seen.push(el.getAttribute('data-marks') ?? '')).observe(el, {
          attributeFilter: ['data-marks'],
        });
      });
      await page.locator('.salvo-fire').click();
      // Mid-salvo, the picture of the landing (a busy machine may paint every mark before this check
      // looks: the picture is then of the landed salvo); then every shot landed. The observer's record
      // below judges the beats, whenever this check looked.
      await expect(stage).toHaveAttribute('data-marks', /^[1-5]$/);
      await shoot(page, viewport, 'dark', `rules-salvo-landing${suffix(language)}`);
      await expect(stage).toHaveAttribute('data-marks', '5');
      // Counts seen on the way: rising one beat at a time (a slow machine may merge two beats, never all).
      const seen = (await page.evaluate(() => (window as unknown as { marksSeen: string[] }).marksSeen)).map(Number);
      expect(seen.at(-1)).toBe(5);
      expect(seen.length, `marks appeared ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(3);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);

      // The end card, after the player resigns.
      await page.getByRole('button', { name: text(language, 'resign.button') }).click();
      await page.getByRole('button', { name: text(language, 'resign.yes') }).click();
      await expect(page.locator('section.game')).toHaveAttribute('data-status', 'ENDED', { timeout: 10_000 });
      // The computer is named in the page's language wherever it shows (its stored name is English).
      const computer = text(language, 'players.computer.easy');
      await expect(page.locator('.end-stats tbody th').nth(1)).toHaveText(computer);
      await expect(page.locator('h1.game-title')).toContainText(computer);
      await expect(page.locator('.end-panel .winner')).toHaveText(text(language, 'game.won', { username: computer }));
      await page.locator('.end-rules > summary').click();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkNoSidewaysScroll(page, 'end card');
        await checkWithinPadding(page, '.end-stats, .end-stats th, .end-stats td', '.end-card', 'end card');
        await page.waitForTimeout(300);
        await shoot(page, viewport, theme, `rules-end-card${suffix(language)}`);
      }

      // The history and the replay name the computer in the page's language too.
      await expect.poll(async () => (await user.api.history('me')).total).toBe(1);
      await page.goto('/profile');
      const row = page.getByTestId('history').getByRole('listitem').first();
      await expect(row).toContainText(computer);
      // The record per rules: every column, its header included, inside its card (on a phone the
      // last header, "Rating" / « Classement », once ran a few pixels past the card's edge).
      const byRules = page.locator('.table-card:has([data-testid="rules-stats"])');
      await expect(byRules.getByRole('columnheader')).toHaveCount(4);
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkWithinPadding(page, 'table, th, td', '.table-card:has([data-testid="rules-stats"])', 'by rules');
        await byRules.scrollIntoViewIfNeeded();
        await shoot(page, viewport, theme, `rules-by-rules${suffix(language)}`);
        await row.scrollIntoViewIfNeeded();
        await shoot(page, viewport, theme, `rules-history${suffix(language)}`);
      }
      await row.getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(computer);
      await expect(page.getByTestId('boards-stage')).toBeVisible();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await checkNoSidewaysScroll(page, 'replay');
        await page.waitForTimeout(300);
        await shoot(page, viewport, theme, `rules-replay${suffix(language)}`);
      }
    });
  }
}
