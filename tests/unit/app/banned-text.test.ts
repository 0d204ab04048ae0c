import { describe, expect, it } from 'vitest';
import { ApiClient, BAN_FOREVER } from '../../../src/protocol';
import { bannedText } from '../../../src/app/errors/banned-text';

/** A client whose login answers the 403 of a banned account. */
async function refusedLogin(until: number, why: string): Promise<unknown> {
  const body = { statusCode: 403, error: 'Forbidden', message: 'This account is banned', reason: 'BANNED', until, why };
  const client = new ApiClient({ fetch: async () => new Response(JSON.stringify(body), { status: 403 }) });
  return client.login({ email: 'a@b.c', password: 'whatever!' }).catch((error: unknown) => error);
}

describe('a banned account told at login', () => {
  it('says until when, in the language’s way of writing dates, and why', async () => {
    const until = Date.UTC(2030, 5, 14, 16, 30);
    const error = await refusedLogin(until, 'insults in chat');
    const english = bannedText(error, 'en');
    expect(english).toMatchObject({ key: 'login.bannedUntil', params: { why: 'insults in chat' } });
    expect((english as unknown as { params: { when: string } }).params.when).toMatch(/June 14, 2030/);
    const french = bannedText(error, 'fr') as unknown as { params: { when: string } };
    expect(french.params.when).toMatch(/14 juin 2030/);
  });

  it('says a ban without end is until lifted; any other failure is not a ban', async () => {
    expect(bannedText(await refusedLogin(BAN_FOREVER, 'spam'), 'en')).toEqual({
      key: 'login.bannedForever',
      params: { why: 'spam' },
    });
    const wrong = new ApiClient({
      fetch: async () => new Response(JSON.stringify({ statusCode: 401, message: 'Invalid' }), { status: 401 }),
    });
    expect(bannedText(await wrong.login({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e), 'en')).toBeNull();
    expect(bannedText(new Error('boom'), 'en')).toBeNull();
  });
});
