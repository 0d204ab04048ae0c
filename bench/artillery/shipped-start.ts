import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node arguments our server ships with: the last command of `npm start` (package.json), which
 * must run `node …` (flags, then the compiled entry). A bench starts exactly that, so it measures
 * the start command of the commit it runs on, whatever flags it carries.
 */
export function shippedStart(root: string): { readonly script: string; readonly nodeArgs: readonly string[] } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = pkg.scripts?.start ?? '';
  const last = script.split('&&').pop()?.trim() ?? '';
  const [command, ...nodeArgs] = last.split(/\s+/);
  if (command !== 'node' || nodeArgs.length === 0) {
    throw new Error(
      `npm start's last command is not "node …" (it is "${last}"): teach bench/artillery/shipped-start.ts it`,
    );
  }
  return { script, nodeArgs };
}
