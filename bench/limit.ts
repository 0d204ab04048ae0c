/** Runs `run` over `items` with at most `n` calls in flight (sign-ups, room set-up: not what a bench measures). */
export async function limit<T>(
  items: readonly T[],
  n: number,
  run: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i] as T, i);
      }
    }),
  );
}
