import { spawn } from 'node:child_process';

/** The command that opens a URL in the desktop's browser, per platform. */
function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  return ['xdg-open', [url]];
}

/**
 * Opens `url` in the browser (`BROWSER`, when set, names the program, as for git and Python's
 * webbrowser). Resolves false when nothing could be started (no desktop): the caller prints the
 * address for the user to open.
 */
export function openBrowser(url: string): Promise<boolean> {
  const [command, args] = process.env.BROWSER ? [process.env.BROWSER, [url]] : opener(url);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
