/**
 * The benches' numeric command-line flags (`--games 600`), read one way: a missing flag takes its
 * default, a value that is not a number in range stops the bench with exit code 2 and says why.
 */
export interface FlagRule {
  /** Whole numbers only (counts), rather than any finite number (seconds, rates). */
  readonly whole?: boolean;
  /** The smallest value allowed: 0 where zero means "none", otherwise above zero. */
  readonly zero?: boolean;
}

/** A reader of numeric flags from `args` (the process's arguments by default). */
export function numberFlags(args: readonly string[] = process.argv.slice(2)) {
  return (name: string, fallback: number, rule: FlagRule = {}): number => {
    const i = args.indexOf(name);
    const value = i >= 0 ? Number(args[i + 1]) : fallback;
    const inRange = rule.zero ? value >= 0 : value > 0;
    const kind = rule.whole ? Number.isInteger(value) : Number.isFinite(value);
    if (!kind || !inRange) {
      console.error(`${name} takes a ${rule.whole ? 'whole number' : 'number'} ${rule.zero ? '≥ 0' : '> 0'}`);
      process.exit(2);
    }
    return value;
  };
}
