import { describe, expect, it } from 'vitest';
import { hasErrors, requiredFieldErrors } from '../../../src/app/forms/validation';

describe('client-side validation (docs/game.md, In the browser: all fields required, nothing else)', () => {
  it('flags every empty or blank field', () => {
    const errors = requiredFieldErrors({ username: '', email: '  ', password: 'x', confirmPassword: '' });
    expect(errors).toEqual({ username: 'required', email: 'required', confirmPassword: 'required' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('checks nothing else: a confirmation that differs and a malformed e-mail pass', () => {
    const errors = requiredFieldErrors({ username: 'a', email: 'not-an-email', password: 'x', confirmPassword: 'y' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
});
