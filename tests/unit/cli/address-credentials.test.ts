import { describe, expect, it } from 'vitest';
import { addressCredentials } from '../../../cli/session';
import { SignUpBodySchema } from '../../../src/protocol/schemas';

describe('--register --email: the account signed up', () => {
  it.each([
    ['me@example.com', 'me_bot'],
    ['jean.dupont+bots@example.fr', 'jean.dupont_bots'],
    ['a-very-long-local-part-indeed@example.com', 'a-very-long-local-pa'],
    ['x+y@example.com', 'x_y'],
  ])('%s signs up as %s, within the sign-up rules', (email, username) => {
    const credentials = addressCredentials(email, 'password1');
    expect(credentials).toEqual({ username, email, password: 'password1' });
    expect(SignUpBodySchema.safeParse(credentials).success).toBe(true);
  });

  it('makes a password when none is given', () => {
    const { password } = addressCredentials('me@example.com');
    expect(password).toMatch(/^[0-9a-f]{24}$/);
    expect(addressCredentials('me@example.com').password).not.toBe(password);
  });
});
