import { describe, expect, it } from 'vitest';
import { BroadsideEngine, type Events, type Helpers } from '../../../packages/artillery-engine-broadside/src/engine';
import { engineOptions } from '../../../packages/artillery-engine-broadside/src/options';

const events: Events = { emit: () => true };
const helpers: Helpers = {
  createThink: () => (context, done) => done(null, context),
  createLoopWithCount: () => (context, done) => done(null, context),
  template: (value) => value,
};

describe('artillery-engine-broadside options', () => {
  it('has the defaults of broadside load', () => {
    expect(engineOptions({})).toEqual({
      strategy: 'hunt',
      placement: 'random',
      pace: 0,
      jitter: 0,
      rematch: 0.5,
      timeout: 30,
      pairs: 0,
    });
  });

  it('reads config.broadside over config.engines.broadside', () => {
    const options = engineOptions({ engines: { broadside: { pace: 2000, rematch: 1 } }, broadside: { rematch: 0 } });
    expect(options).toMatchObject({ pace: 2000, rematch: 0 });
  });

  it('names a bad or unknown option', () => {
    expect(() => engineOptions({ broadside: { rematch: 2 } })).toThrow(/config\.broadside \(rematch/);
    expect(() => engineOptions({ broadside: { concurrency: 4 } })).toThrow(/concurrency/);
    expect(() => engineOptions({ broadside: { pairs: 1.5 } })).toThrow(/config\.broadside \(pairs/);
    expect(() => engineOptions({ broadside: { jitter: 1.5 } })).toThrow(/config\.broadside \(jitter/);
  });

  it('refuses a target that is not an http(s) server, an unknown strategy and an unknown step', () => {
    const script = (target: string | undefined, broadside: unknown = {}) => ({ config: { target, broadside } });
    expect(() => new BroadsideEngine(script(undefined), events, helpers)).toThrow(/config\.target/);
    expect(() => new BroadsideEngine(script('ws://x'), events, helpers)).toThrow(/config\.target/);
    expect(() => new BroadsideEngine(script('http://127.0.0.1:9', { strategy: 'nope' }), events, helpers)).toThrow(
      /nope/,
    );
    const ok = new BroadsideEngine(script('http://127.0.0.1:9'), events, helpers);
    expect(() => ok.step({ shoot: {} } as never, events)).toThrow(/unknown step/);
    expect(() => ok.step({ game: { strategy: 'density' } }, events)).toThrow(/takes no options/);
  });
});
