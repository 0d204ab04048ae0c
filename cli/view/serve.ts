import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { GameSource } from './games';

/** Content types of what the built web client holds. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export interface ViewServerOptions {
  /** The built web client (client-dir.ts). */
  readonly clientDir: string;
  readonly games: GameSource;
  /** The run's report page, with every game linked to the viewer; null for a single game file. */
  readonly report: (() => Promise<string>) | null;
  /** 0: any free port. */
  readonly port: number;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** A file of the client folder, never outside it; false when there is none. */
async function sendFile(res: ServerResponse, root: string, path: string): Promise<boolean> {
  const file = normalize(join(root, decodeURIComponent(path)));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return false;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    // Vite names its assets by their content: they never change under the same name.
    'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(res);
  return true;
}

/**
 * The local server of `broadside view` (docs/cli.md, "view"): the built web client's replay viewer
 * (view.html and its assets), each game's data at /api/games/ID, and at / the run's report (a
 * single game's page for a file). Listens on 127.0.0.1 only; read-only.
 */
export async function startViewServer(options: ViewServerOptions): Promise<{ url: string; server: Server }> {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'read-only\n');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/' || path === '/index.html') {
      if (options.report) return send(res, 200, TYPES['.html'] ?? 'text/html', await options.report());
      const first = options.games.ids[0] ?? '';
      res.writeHead(302, { location: `/view.html?game=${encodeURIComponent(first)}` });
      res.end();
      return;
    }
    if (path === '/api/games') return send(res, 200, TYPES['.json'] ?? '', JSON.stringify({ ids: options.games.ids }));
    if (path.startsWith('/api/games/')) {
      const game = await options.games.game(decodeURIComponent(path.slice('/api/games/'.length)));
      return game
        ? send(res, 200, TYPES['.json'] ?? '', JSON.stringify(game))
        : send(res, 404, TYPES['.json'] ?? '', JSON.stringify({ error: 'no such game' }));
    }
    if (await sendFile(res, options.clientDir, path)) return;
    send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, 'text/plain; charset=utf-8', `${error instanceof Error ? error.message : String(error)}\n`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}
