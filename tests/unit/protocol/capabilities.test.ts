import { describe, expect, it } from 'vitest';
import {
  afterJoin,
  assumedCapabilities,
  BROADSIDE_CAPABILITIES,
  capabilitiesBody,
  FEATURES,
  mayStart,
  readProbe,
  SPEC_CAPABILITIES,
} from '../../../src/protocol/capabilities';

const none = Object.fromEntries(FEATURES.map((f) => [f, false]));
const all = Object.fromEntries(FEATURES.map((f) => [f, true]));

describe('capabilities: what a server offers beyond the SPEC dialect', () => {
  it('reads our server’s answer as every feature, a Broadside server', () => {
    const read = readProbe({ status: 200, body: JSON.parse(JSON.stringify(capabilitiesBody())) });
    expect(read).toEqual({ server: 'broadside', source: 'probe', features: all });
  });

  it('takes only the features listed, and ignores names it does not know (a newer server)', () => {
    const read = readProbe({ status: 200, body: { protocol: 'broadside/2', features: ['clock', 'teleport', 7] } });
    expect(read?.server).toBe('broadside');
    expect(read?.features).toEqual({ ...none, clock: true });
  });

  it('reads the original server’s 404 (and any other answer without our protocol) as SPEC only', () => {
    const notFound = { statusCode: 404, message: 'Cannot GET /capabilities', error: 'Not Found' };
    for (const outcome of [
      { status: 404, body: notFound },
      { status: 405, body: null },
      { status: 200, body: '<!doctype html>' },
      { status: 200, body: { protocol: 'broadside/3', features: ['clock'] } },
      { status: 200, body: { protocol: 'broadside/2' } },
      { status: 500, body: { statusCode: 500 } },
    ]) {
      expect(readProbe(outcome), JSON.stringify(outcome)).toEqual({ server: 'spec', source: 'probe', features: none });
    }
  });

  it('knows nothing new when nothing answered', () => {
    expect(readProbe('unreachable')).toBeNull();
  });

  it('assumes everything of the origin that served the page, nothing beyond SPEC of another server', () => {
    expect(assumedCapabilities(true)).toBe(BROADSIDE_CAPABILITIES);
    expect(assumedCapabilities(false)).toBe(SPEC_CAPABILITIES);
    expect(SPEC_CAPABILITIES.features).toEqual(none);
  });

  it('a SPEC join answer takes back what was assumed or probed; a broadside/2 answer keeps the probe’s list', () => {
    const probed = readProbe({ status: 200, body: { protocol: 'broadside/2', features: ['clock'] } });
    if (!probed) throw new Error('unreachable');
    expect(afterJoin(BROADSIDE_CAPABILITIES, 'spec')).toEqual({ server: 'spec', source: 'join', features: none });
    expect(afterJoin(probed, 'spec').features).toEqual(none);
    expect(afterJoin(probed, 'broadside/2')).toBe(probed);
    expect(afterJoin(probed, null)).toBe(probed);
    expect(afterJoin(SPEC_CAPABILITIES, 'spec')).toBe(SPEC_CAPABILITIES);
  });
});

describe('mayStart: who is offered Start', () => {
  const host = { userId: 'a', isHost: true };
  const guest = { userId: 'b', isHost: false };

  it('only the host where the server marks one (the original)', () => {
    expect(mayStart([host, guest], 'a')).toBe(true);
    expect(mayStart([host, guest], 'b')).toBe(false);
  });

  it('any member where none is marked (ours), never someone who is not a member', () => {
    expect(mayStart([{ userId: 'a' }, { userId: 'b' }], 'b')).toBe(true);
    expect(mayStart([{ userId: 'a', isHost: false }, { userId: 'b' }], 'a')).toBe(true);
    expect(mayStart([{ userId: 'a' }], 'z')).toBe(false);
    expect(mayStart([], 'a')).toBe(false);
  });
});
