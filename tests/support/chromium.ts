/**
 * How this project launches Chromium: Debian's build (npx playwright install cannot download one
 * here), as root without the sandbox, with the background services that try to reach the network
 * turned off, and WebGL through SwiftShader so PixiJS renders headless. The page itself is
 * composited in software, as Chrome does on a machine without a GPU: compositing every frame
 * through SwiftShader's GL as well cost ~30 ms a frame here (bench/frames.ts drag p95 50 ms with
 * it, 16.7 ms without), a cost no real player pays.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-gpu-compositing',
  ],
};
