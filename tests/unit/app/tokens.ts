/** An unsigned JWT with the claims the server puts in its tokens; the client only decodes it. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function tokenFor(username: string, id = `id-${username}`): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeToken({ id, username, sub: id, iat: now, exp: now + 3600 });
}
