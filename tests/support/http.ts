/** What a JSON call answered: the status and the parsed body (null when empty). */
export interface JsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown> | null;
  /** The Retry-After header, where the answer has one (the limits' 429 and 503). */
  readonly retryAfter?: string;
}

/**
 * One JSON call to a server under test with `token` as bearer (or none), for tests that check
 * statuses and raw bodies the ApiClient would turn into errors.
 */
export async function jsonCall(
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    ...(retryAfter === null ? {} : { retryAfter }),
  };
}
