/**
 * Frame-budget benchmark for the PixiJS stage (issue #4). Not a timed test: it prints figures.
 *
 *   npx tsx bench/frames.ts [--renderer webgl|canvas]
 *
 * Builds the stage harness (src/stage/dev/harness.html: the real GameStage fed by a local game
 * with the real rules) in production mode, serves it, and in headless Chromium (software WebGL)
 * drives (1) a ship drag during placement and (2) a burst of shot effects on both grids, then
 * prints p50/p95/max of requestAnimationFrame deltas for each phase. Goal: p95 ≤ 20 ms.
 * The stage picks its renderer as it does for players (Canvas 2D here, where WebGL is SwiftShader);
 * --renderer forces one through the stage's override, to compare them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { type Coord, GRID_SIZE, moveShip, type ShipMap, sameCoord } from '../src/game';
import { RENDERER_OVERRIDE_KEY } from '../src/stage/software-gl';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { percentile } from './stats';

const root = resolve(import.meta.dirname, '..');

// window.harness is typed by src/stage/dev/harness.tsx; these are the recorder's own globals.
declare global {
  interface Window {
    __frames: number[];
    __recording: boolean;
  }
}

/** The free place nearest to the carrier's first cell where the rules accept it: where the drag ends. */
function dropTarget(fleet: ShipMap, home: Coord): Coord {
  const cells = Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, i) => ({
    x: i % GRID_SIZE,
    y: Math.floor(i / GRID_SIZE),
  }));
  const distance = (c: Coord) => Math.abs(c.x - home.x) + Math.abs(c.y - home.y);
  const target = cells
    .filter((c) => !sameCoord(c, home) && moveShip(fleet, '0', c).ok)
    .sort((a, b) => distance(a) - distance(b))[0];
  if (!target) throw new Error('the carrier has nowhere to go');
  return target;
}

async function record(page: Page, run: () => Promise<void>): Promise<number[]> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    let last = performance.now();
    const loop = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(loop);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(loop);
    });
  })()`);
  await run();
  return page.evaluate(() => {
    window.__recording = false;
    return window.__frames.slice(1);
  });
}

function report(name: string, frames: readonly number[]): { p50: number; p95: number } {
  const sorted = [...frames].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const max = sorted[sorted.length - 1] ?? Number.NaN;
  // Frame times come in whole vsyncs (16.7, 33.4 ms…), so p95 jumps; the share of frames over the
  // 20 ms goal shows progress between those steps (p95 ≤ 20 ms needs it at or under 5%).
  const over = frames.filter((f) => f > 20).length / Math.max(1, frames.length);
  console.log(
    `${name.padEnd(14)} frames=${String(frames.length).padStart(4)}  p50=${p50.toFixed(1)} ms  p95=${p95.toFixed(1)} ms  max=${max.toFixed(1)} ms  over 20 ms=${(over * 100).toFixed(1)}%`,
  );
  return { p50, p95 };
}

function forcedRenderer(argv: readonly string[]): string | null {
  const i = argv.indexOf('--renderer');
  if (i < 0) return null;
  const value = argv[i + 1];
  if (value !== 'webgl' && value !== 'canvas') throw new Error('--renderer takes webgl or canvas');
  return value;
}

async function main(): Promise<void> {
  const forced = forcedRenderer(process.argv.slice(2));
  const outDir = mkdtempSync(join(tmpdir(), 'broadside-bench-'));
  await build({
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { input: join(root, 'src/stage/dev/harness.html') },
    },
  });
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server has no URL');

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    if (forced) {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        RENDERER_OVERRIDE_KEY,
        forced,
      ] as const);
    }
    await page.goto(new URL('src/stage/dev/harness.html', url).href);
    const stage = page.getByTestId('stage');
    await stage.waitFor();
    await page.waitForTimeout(1500);

    // 1. Drag: pick up the carrier, sweep it over the grid for about two seconds (valid and invalid
    // places, so the ghost changes colour), then drop it on a free place and check that it moved.
    // Layout coordinates are relative to the canvas, which the stage centres in its container.
    const box = await stage.locator('canvas').boundingBox();
    const fleet = JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as ShipMap;
    const layout = JSON.parse((await stage.getAttribute('data-layout')) ?? '{}') as {
      player: { x: number; y: number; cell: number };
    };
    const first = fleet['0']?.[0];
    if (!box || !first) throw new Error('stage not ready');
    const target = dropTarget(fleet, first);
    const at = (cx: number, cy: number) => ({
      x: box.x + layout.player.x + (cx + 0.5) * layout.player.cell,
      y: box.y + layout.player.y + (cy + 0.5) * layout.player.cell,
    });
    const drag = await record(page, async () => {
      const start = at(first.x, first.y);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      for (let i = 0; i < 120; i++) {
        const t = i / 120;
        const p = at(first.x + 4 * Math.sin(t * Math.PI * 2), first.y + 4 * Math.sin(t * Math.PI));
        await page.mouse.move(p.x, p.y);
        await page.waitForTimeout(16);
      }
      const drop = at(target.x, target.y);
      await page.mouse.move(drop.x, drop.y, { steps: 4 });
      await page.mouse.up();
      await page.waitForTimeout(400);
    });
    const moved = (JSON.parse((await stage.getAttribute('data-fleet')) ?? '{}') as ShipMap)['0'][0];
    if (!moved || !sameCoord(moved, target)) throw new Error('the drag did not move the carrier: nothing was measured');

    // 2. Burst: 40 shots on both grids 50 ms apart, while earlier effects are still playing.
    await page.evaluate(() => {
      window.harness.setBotDelay(1_000_000);
      window.harness.play();
    });
    await page.waitForTimeout(800);
    const burst = await record(page, async () => {
      await page.evaluate(() => window.harness.burst(40, 50));
      await page.waitForTimeout(2500);
    });

    const renderer = await stage.getAttribute('data-renderer');
    console.log(
      `Stage frame budget (headless Chromium without GPU, 1280×720, DPR 1; Pixi renderer: ${renderer}${forced ? ', forced' : ''})`,
    );
    const d = report('drag', drag);
    const b = report('shot burst', burst);
    const all = report('all', [...drag, ...burst]);
    const worst = Math.max(d.p95, b.p95);
    console.log(
      `goal p95 ≤ 20 ms: ${worst <= 20 ? 'met' : 'NOT met'} (worst phase p95 ${worst.toFixed(1)} ms; overall ${all.p95.toFixed(1)} ms)`,
    );
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
