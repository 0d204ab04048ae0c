import { expect, type Page, test } from './support/test';
import { type Coord, createRng, randomFleet, SHIP_KEYS, type ShipMap } from '../../src/game';
import { type GameClient, isErrorAck } from '../../src/protocol';
import { connectClient, waitForState } from '../support/players';
import { clickCell, ownFleetCells } from './board';
import { apiPlayer, newContext, shoot, VIEWPORTS, shootBothThemes, VIEWPORT_NAMES } from './support/look';

/*
 * Issue #13, the game page: screenshots of every state in both themes at 1280×720 and 390×844, and
 * the layout promises a picture alone cannot prove — the stage does not move when the turn
 * changes, both grids fit the window (cells ≥ 40 px on a desktop), the own fleet stays visible on
 * a phone, the grid keeps its size from placement to play to Replay, and the live region holds one
 * change's text and announces the end. The opponent is a real socket.io client of the same server.
 */
interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
interface Grid {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

async function stageBox(page: Page): Promise<Box> {
  const box = await page.getByTestId('stage').boundingBox();
  if (!box) throw new Error('no stage');
  return box;
}

async function grids(page: Page): Promise<{ player: Grid | null; opponent: Grid | null }> {
  return JSON.parse((await page.getByTestId('stage').getAttribute('data-layout')) ?? '{}');
}

/** True when the text of `selector` shows whole: neither clamped to fewer lines nor cut with an ellipsis. */
async function shownWhole(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
}

function myTurn(client: GameClient, id: string): boolean {
  return client.state.members.some((m) => m.userId !== id && m.hasToPlay);
}

/** Waits for the page to show whose turn it is, in step with the server. */
async function settled(page: Page, mine: boolean): Promise<void> {
  await expect(page.locator('.game-status .turn')).toHaveClass(mine ? /mine/ : /theirs/);
}

for (const viewport of VIEWPORT_NAMES) {
  test(`game states, both themes, ${viewport}`, async ({ browser, baseURL }) => {
    // Minutes on a loaded 2-core machine: four themed screenshots per state, two players.
    test.setTimeout(600_000);
    const url = baseURL ?? '';
    const [me, foe] = await Promise.all([apiPlayer(url, 'capt'), apiPlayer(url, 'rival')]);
    const { slug } = await me.api.createRoom({ userId: me.id, username: me.username, socketId: null });
    const page = await (await newContext(browser, viewport, me)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/game/lobby/${slug}`);
    const rival = await connectClient(url, foe.token, slug);
    expect(await rival.joinRoom(slug)).toBe('UNSTARTED');
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveCount(2);
    // The classic rules fold to their chip, so that Start stays in view on a phone.
    await expect(page.getByTestId('lobby-rules').getByTestId('rules-badge')).toHaveText(/Classic/);
    await expect(page.getByTestId('lobby-rules').getByRole('listitem').first()).toBeHidden();
    if (viewport === 'phone') await expect(page.getByRole('button', { name: 'Start the game' })).toBeInViewport();
    await shootBothThemes(page, viewport, 'lobby-full');
    expect(await rival.startGame(slug)).toBeNull();
    await expect(page).toHaveURL(`/game/${slug}`);
    await expect(page.getByTestId('stage')).toHaveAttribute('data-layout', /"player":\{/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${me.username} vs ${foe.username}`);
    // Both names show, on two short lines on a phone if need be.
    expect(await shownWhole(page, 'h1.game-title'), "the players' names are cut").toBe(true);
    await shootBothThemes(page, viewport, 'placement');
    // The placement card sits in the enemy grid's slot: clear of the game bar and of the own grid.
    const card = await page.locator('.placement-panel').boundingBox();
    const bar = await page.locator('.game-bar').boundingBox();
    const placing = await grids(page);
    const placingBox = await stageBox(page);
    if (!card || !bar || !placing.player) throw new Error('no placement card, game bar or own grid');
    expect(card.y, 'the placement card climbs over the game bar').toBeGreaterThanOrEqual(bar.y + bar.height);
    const own = placing.player;
    const [left, top] = [placingBox.x + own.x, placingBox.y + own.y];
    const [right, bottom] = [left + 10 * own.cell, top + 10 * own.cell];
    const apart = card.x + card.width <= left || card.x >= right || card.y + card.height <= top || card.y >= bottom;
    expect(apart, 'the placement card covers the own grid').toBe(true);

    // Play: the rival's fleet is known to the test, so the player aims at it; the rival sweeps.
    const foeFleet: ShipMap = randomFleet(createRng(7));
    await page.getByRole('button', { name: 'Validate my ships' }).click();
    expect(await rival.placeShips(foeFleet)).toBeNull();
    await expect(page.locator('section.game')).toHaveAttribute('data-status', 'PLAY');
    const playing = await grids(page);
    expect(playing.player, 'the own grid keeps its size and place from placement to play').toEqual(placing.player);
    expect(await stageBox(page)).toEqual(placingBox);
    const { opponent, player } = playing;
    if (!opponent || !player) throw new Error('both grids expected');

    // Both grids are on screen without scrolling.
    const scroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(scroll, 'the game page scrolls').toBeLessThanOrEqual(0);
    const box = await stageBox(page);
    const { width: vw, height: vh } = VIEWPORTS[viewport].viewport;
    for (const grid of [opponent, player]) {
      expect(box.x + grid.x + 10 * grid.cell).toBeLessThanOrEqual(vw);
      expect(box.y + grid.y + 10 * grid.cell, 'a grid falls below the window').toBeLessThanOrEqual(vh);
    }
    if (viewport === 'desktop') expect(player.cell).toBeGreaterThanOrEqual(40);
    expect(player.cell).toBeGreaterThanOrEqual(28);

    const mine = ownFleetCells(page);
    const myCells = await mine;
    const targets: Coord[] = [
      ...SHIP_KEYS.slice()
        .reverse()
        .flatMap((k) => foeFleet[k]),
    ];
    // The rival alternates a hit on the player's fleet and a miss, so the own grid shows both.
    const onFleet = new Set(myCells.map((c) => `${c.x},${c.y}`));
    const water = Array.from({ length: 100 }, (_, i) => ({ x: 9 - (i % 10), y: 9 - Math.floor(i / 10) })).filter(
      (c) => !onFleet.has(`${c.x},${c.y}`),
    );
    const foeTargets: Coord[] = myCells.flatMap((c, i) => [c, water[i] ?? c]);
    const boxes: Box[] = [];
    const announcer = page.getByTestId('stage-announcer');
    let shotsByMe = 0;
    let shotsByFoe = 0;
    const shotPictures = new Set<string>();
    while (shotsByMe < targets.length) {
      const mineNow = myTurn(rival, foe.id);
      await settled(page, mineNow);
      boxes.push(await stageBox(page));
      if (shotsByMe === 6 && !shotPictures.has(`${mineNow}`)) {
        shotPictures.add(`${mineNow}`);
        // Issue 36, item 7: the pill names the opponent whole, on two short lines on a phone.
        if (!mineNow) expect(await shownWhole(page, '.game-status .turn > span'), 'the turn pill is cut').toBe(true);
        await shootBothThemes(page, viewport, mineNow ? 'play-your-turn' : 'play-their-turn');
      }
      if (mineNow) {
        const target = targets[shotsByMe];
        if (!target) break;
        await clickCell(page, 'opponent', target);
        if (shotsByMe === 0) {
          // A click leaves no focus box around the stage; the keyboard brings the ring back.
          const stage = page.getByTestId('stage');
          const outline = () => stage.evaluate((el) => getComputedStyle(el).outlineStyle);
          await expect(stage).toBeFocused();
          expect(await outline()).toBe('none');
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          await expect(stage).toBeFocused();
          expect(await outline()).toBe('solid');
        }
        shotsByMe += 1;
        if (shotsByMe === targets.length) break;
        await waitForState(rival, (s) => s.members.some((m) => m.userId === foe.id && m.hasToPlay), 20_000);
      } else {
        const target = foeTargets[shotsByFoe];
        if (!target) throw new Error('the rival ran out of targets');
        const reply = await rival.shoot(target);
        if (isErrorAck(reply)) throw new Error(`rival shot refused: ${reply.error}`);
        shotsByFoe += 1;
        await waitForState(rival, (s) => s.members.some((m) => m.userId !== foe.id && m.hasToPlay), 20_000);
      }
      // The live region holds the text of one change, never the game's history.
      expect(((await announcer.textContent()) ?? '').length).toBeLessThan(160);
    }
    expect(shotPictures.size).toBeGreaterThan(0);
    for (const b of boxes) expect(b, 'the stage moved when the turn changed').toEqual(boxes[0]);

    // The end: the winning shot and the winner are announced, briefly.
    await expect(page.locator('section.game')).toHaveAttribute('data-status', 'ENDED');
    await expect(announcer).toContainText(`${me.username} won`);
    expect(((await announcer.textContent()) ?? '').length).toBeLessThan(160);
    expect(await stageBox(page)).toEqual(boxes[0]);
    expect(await shownWhole(page, '.game-status .winner'), '"{username} won !" is cut').toBe(true);
    await shootBothThemes(page, viewport, 'ended');

    // Replay: back to placement, same grid, same place.
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect(page.locator('section.game')).toHaveAttribute('data-status', 'PLACE_SHIPS');
    await expect(page.getByRole('button', { name: 'Validate my ships' })).toBeVisible();
    expect((await grids(page)).player).toEqual(placing.player);
    await shoot(page, viewport, 'dark', 'replay-placement');

    // Leaving the game page is clean (no TypeError from the stage's teardown).
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/');
    expect(errors).toEqual([]);
    rival.close();
  });
}
