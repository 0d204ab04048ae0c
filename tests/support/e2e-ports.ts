/** The port of the browser tests' server (E2E_PORT; each parallel session has its own). */
export function e2ePort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.E2E_PORT ?? 43_117);
}

/** The port of the SMTP sink the password-reset browser test listens on: the server's SMTP_URL. */
export function e2eSmtpPort(env: NodeJS.ProcessEnv = process.env): number {
  return e2ePort(env) + 100;
}
