/*
 * The server the web client talks to (docs/game.md, "Another server"): the page's own origin by
 * default, another one chosen at build time (VITE_SERVER_URL) or by the player on the login page.
 * Pure: parsing and comparing addresses, no storage, no network.
 */

export type ServerUrlProblem = 'invalid' | 'protocol' | 'extra';

export type ServerUrlCheck =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly problem: ServerUrlProblem };

/**
 * Reads what a player typed as a server address: `http(s)://host[:port]`, a bare `host:port`
 * taken as http. The answer is the origin (no trailing slash), since the API's routes and the
 * socket namespaces hang off it; a path, query, fragment or credentials are refused rather than
 * silently dropped. An empty input is the default server (`''`).
 */
export function parseServerUrl(input: string): ServerUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: true, url: '' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'protocol' };
  if (!url.hostname) return { ok: false, problem: 'invalid' };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return { ok: false, problem: 'extra' };
  }
  return { ok: true, url: url.origin };
}

/** The build's default (VITE_SERVER_URL): an address that does not read is the page's own origin. */
export function buildDefault(value: string | undefined): string {
  const parsed = parseServerUrl(value ?? '');
  return parsed.ok ? parsed.url : '';
}

/** The server in use: the player's choice, else the build's default; `''` is the page's own origin. */
export function effectiveServer(chosen: string | null, fallback: string): string {
  return chosen ?? fallback;
}

/** True when `server` is the origin that served this page (which is then a Broadside server). */
export function isOwnOrigin(server: string, pageOrigin: string): boolean {
  return server === '' || server === pageOrigin;
}
