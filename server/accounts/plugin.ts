import fp from 'fastify-plugin';
import type { ServerContext } from '../context';
import { registerAccountRoutes } from './account-routes';
import { AccountStore } from './account-store';
import { mailerFrom } from './mailer';
import { PasswordResets } from './password-resets';
import { registerProfileRoutes } from './profile-routes';
import { ResetLimits } from './reset-limits';
import { registerResetRoutes } from './reset-routes';

/** Expired reset links are forgotten this often. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Profiles, search and your account (docs/protocol.md, "Accounts"): `GET /users/:id`, the search
 * by username, `PUT` and `DELETE /users/:id`, the data export, and the password reset by e-mail
 * where the operator set an SMTP server (SMTP_URL and PUBLIC_URL).
 */
export const accountsPlugin = fp<ServerContext>(
  async (app, ctx) => {
    const accounts = new AccountStore(ctx.store.db);
    const { config } = ctx;
    if (config.smtpUrl && !config.publicUrl) {
      app.log.warn('SMTP_URL is set but PUBLIC_URL is not: password resets are off (a link needs the public address)');
    }
    const mailer = mailerFrom(config);
    registerProfileRoutes(app, { identify: ctx.identify, accounts });
    registerAccountRoutes(app, ctx, accounts, mailer);
    const resets = new PasswordResets(ctx.store.db);
    registerResetRoutes(app, {
      accounts,
      resets,
      limits: new ResetLimits(config.passwordResetsPerAddress, ctx.redis),
      mailer,
      sessions: ctx.sessions,
      log: app.log,
    });
    if (mailer) {
      const purge = setInterval(() => {
        resets.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'forgetting reset links failed'));
      }, PURGE_EVERY_MS);
      purge.unref();
      ctx.onStop(() => {
        clearInterval(purge);
        mailer.close();
      });
    }
  },
  { name: 'accounts' },
);
