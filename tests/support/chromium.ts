/**
 * How this project launches Chromium: Debian's build (npx playwright install cannot download one
 * here), as root without the sandbox, with the background services that try to reach the network
 * turned off, and WebGL through SwiftShader so PixiJS renders headless.
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
  ],
};
