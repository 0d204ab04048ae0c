import { type Credentials, login, signUp } from '../session';
import type { LoadConfig } from './config';
import type { Timeline } from './timeline';

/**
 * The auth scenario: sign-up and login storms measured on their own (argon2id hashing and
 * verifying is most of their cost). Iteration i of the sign-up phase creates account i; iteration
 * i of the login phase logs account i in, so both phases run the same number of iterations.
 */
export class AuthScenario {
  private readonly accounts = new Map<number, Credentials>();

  constructor(
    private readonly config: LoadConfig,
    private readonly timeline: Timeline,
  ) {}

  async signUp(index: number): Promise<void> {
    const started = performance.now();
    const credentials = await signUp(this.config.server, 'auth');
    this.timeline.record('signUp', performance.now() - started);
    this.accounts.set(index, credentials);
  }

  async login(index: number): Promise<void> {
    const credentials = this.accounts.get(index);
    if (!credentials) throw new MissingAccountError(index);
    const started = performance.now();
    await login(this.config.server, credentials);
    this.timeline.record('login', performance.now() - started);
  }
}

/** A login whose account could not be signed up in the first phase. */
export class MissingAccountError extends Error {
  constructor(index: number) {
    super(`account ${index} was not signed up`);
    this.name = 'MissingAccountError';
  }
}
