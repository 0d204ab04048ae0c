import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a piscina pool finds its task module. From TypeScript sources, an entry that registers tsx
 * first and then loads the task's .ts file (server/bots/decide-entry.mjs reads it from workerData);
 * from the bundled server (scripts/build-server.mjs), `main.<name>.js` next to main.js, since the
 * caller is then bundled into main.js itself.
 * `caller` is the caller's import.meta.url; `task` its task module, relative to the caller.
 */
export function workerFiles(
  caller: string,
  task: { readonly source: string; readonly bundled: string },
): { filename: string; workerData: { module: string } | undefined } {
  const file = fileURLToPath(caller);
  if (extname(file) !== '.ts') {
    return { filename: new URL(`./${basename(file, '.js')}.${task.bundled}.js`, caller).href, workerData: undefined };
  }
  return {
    filename: new URL('./bots/decide-entry.mjs', import.meta.url).href,
    workerData: { module: new URL(task.source, caller).href },
  };
}
