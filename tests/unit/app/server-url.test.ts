import { describe, expect, it } from 'vitest';
import { buildDefault, effectiveServer, isOwnOrigin, parseServerUrl } from '../../../src/app/server/server-url';

describe('parseServerUrl: the address a player types for another server', () => {
  it('keeps the origin of an http(s) address, and reads a bare host:port as http', () => {
    expect(parseServerUrl('http://127.0.0.1:5000')).toEqual({ ok: true, url: 'http://127.0.0.1:5000' });
    expect(parseServerUrl('  https://Play.Example.ORG/ ')).toEqual({ ok: true, url: 'https://play.example.org' });
    expect(parseServerUrl('localhost:5000')).toEqual({ ok: true, url: 'http://localhost:5000' });
    expect(parseServerUrl('https://example.org:443')).toEqual({ ok: true, url: 'https://example.org' });
  });

  it('reads an empty field as the default server', () => {
    expect(parseServerUrl('')).toEqual({ ok: true, url: '' });
    expect(parseServerUrl('   ')).toEqual({ ok: true, url: '' });
  });

  it('refuses what is not a server address, saying why', () => {
    expect(parseServerUrl('http://')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseServerUrl('http://exa mple.org')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseServerUrl('ftp://example.org')).toEqual({ ok: false, problem: 'protocol' });
    expect(parseServerUrl('javascript://alert(1)')).toEqual({ ok: false, problem: 'protocol' });
    expect(parseServerUrl('http://example.org/api')).toEqual({ ok: false, problem: 'extra' });
    expect(parseServerUrl('http://example.org/?x=1')).toEqual({ ok: false, problem: 'extra' });
    expect(parseServerUrl('http://example.org/#top')).toEqual({ ok: false, problem: 'extra' });
    expect(parseServerUrl('http://user:pw@example.org')).toEqual({ ok: false, problem: 'extra' });
  });

  it('the build default falls back to the page’s own origin when it does not read', () => {
    expect(buildDefault(undefined)).toBe('');
    expect(buildDefault('')).toBe('');
    expect(buildDefault('http://localhost:5000/')).toBe('http://localhost:5000');
    expect(buildDefault('ftp://x')).toBe('');
  });

  it('the player’s choice wins over the default; the page’s origin is told apart', () => {
    expect(effectiveServer(null, '')).toBe('');
    expect(effectiveServer('http://a:1', '')).toBe('http://a:1');
    expect(isOwnOrigin('', 'http://a:1')).toBe(true);
    expect(isOwnOrigin('http://a:1', 'http://a:1')).toBe(true);
    expect(isOwnOrigin('http://b:1', 'http://a:1')).toBe(false);
  });
});
