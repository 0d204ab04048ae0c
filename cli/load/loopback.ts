import { isIP } from 'node:net';

/**
 * True when `origin` names this machine (localhost, 127.0.0.0/8, ::1): a load test aims thousands
 * of games at its server, so one at another machine has to be asked for explicitly.
 */
export function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
