/**
 * What to do about the errors of a load run, when the cause is known: a server that answers 429
 * is protecting its sign-up and login routes, not failing under load.
 */
export function errorHints(errorsByCode: Readonly<Record<string, number>>): string[] {
  const hints: string[] = [];
  if ((errorsByCode.HTTP_429 ?? 0) > 0) {
    hints.push(
      'HTTP_429: the server rate-limits sign-ups and logins per address; for a load test on your own server start it with ' +
        'SIGNUPS_PER_ADDRESS=0 LOGIN_FAILURES_PER_ADDRESS=0 (see the README)',
    );
  }
  if ((errorsByCode.UNREACHABLE ?? 0) > 0) {
    hints.push('UNREACHABLE: the server did not answer at all (down, or its accept queue full): check its log and CPU');
  }
  return hints;
}
