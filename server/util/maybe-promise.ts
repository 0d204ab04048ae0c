/**
 * A value that is ready now or later. The hot path (a shot on embedded SQLite) is synchronous from
 * the socket event to the acknowledgement; code that may have to wait (a room not in memory yet,
 * a PostgreSQL write) returns a promise instead. Callers chain with `andThen` (not named `then`: a module exporting
 * `then` would be taken for a promise by dynamic import) and only pay for a
 * promise hop when there really is one.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Runs `run`; a synchronous throw or a rejection goes to `onError`, whose value stands instead. */
export function recover<T>(run: () => MaybePromise<T>, onError: (error: unknown) => MaybePromise<T>): MaybePromise<T> {
  let value: MaybePromise<T>;
  try {
    value = run();
  } catch (error) {
    return onError(error);
  }
  return value instanceof Promise ? value.catch(onError) : value;
}

export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
