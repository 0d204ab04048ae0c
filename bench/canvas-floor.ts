/**
 * The floor under bench/frames.ts with the stage forced to WebGL (--renderer webgl): frame times of
 * a bare WebGL canvas that only clears itself on every frame, with no Pixi and no drawing, in the
 * same headless Chromium and viewport. Whatever the stage does on WebGL, a frame that presents a
 * canvas of this size cannot be cheaper than this here (Chrome reads it back to composite it in
 * software, which is why the stage picks Canvas 2D on such machines).
 *
 *   npx tsx bench/canvas-floor.ts [WIDTHxHEIGHT ...]
 *
 * The default sizes are the stage canvas in play (two grids) and in placement (one grid) at
 * 1280×720, as the stage harness lays them out.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { percentile } from './stats';

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['1127x569', '539x569'];

function page(width: number, height: number): string {
  return `<!doctype html><body style="margin:0;background:#08111c">
<canvas width="${width}" height="${height}" style="display:block;margin:45px auto 0"></canvas>
<script>
  const gl = document.querySelector('canvas').getContext('webgl2', { antialias: false, alpha: false });
  window.__frames = [];
  let last = performance.now();
  const frame = (now) => {
    window.__frames.push(now - last);
    last = now;
    gl.clearColor(0.07, 0.2, 0.34, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(frame); });
</script>`;
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log('Bare WebGL canvas cleared every frame (headless Chromium, SwiftShader, 1280×720)');
  for (const size of sizes) {
    const [width, height] = size.split('x').map(Number);
    if (!width || !height) throw new Error(`bad size ${size}, expected WIDTHxHEIGHT`);
    const tab = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await tab.setContent(page(width, height));
    await tab.waitForTimeout(1000);
    await tab.evaluate('window.__frames = []');
    await tab.waitForTimeout(3000);
    const frames = ((await tab.evaluate('window.__frames')) as number[]).sort((a, b) => a - b);
    console.log(
      `${size.padEnd(10)} frames=${String(frames.length).padStart(4)}  p50=${percentile(frames, 50).toFixed(1)} ms  p95=${percentile(frames, 95).toFixed(1)} ms`,
    );
    await tab.close();
  }
} finally {
  await browser.close();
}
