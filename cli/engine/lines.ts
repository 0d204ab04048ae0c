/**
 * Splits a stream of text into lines, refusing any line longer than `maxLength` characters: an
 * engine that prints a line of megabytes costs its game (docs/engines.md) instead of the harness's
 * memory. The rest of an overlong line is dropped up to its newline.
 */
export class LineSplitter {
  private partial = '';
  private skipping = false;

  constructor(
    private readonly maxLength: number,
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (length: number) => void,
  ) {}

  push(chunk: string): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl < 0) {
        if (!this.skipping) {
          this.partial += chunk.slice(start);
          if (this.partial.length > this.maxLength) {
            this.onOverflow(this.partial.length);
            this.partial = '';
            this.skipping = true;
          }
        }
        return;
      }
      if (this.skipping) this.skipping = false;
      else {
        const piece = chunk.slice(start, nl);
        const line = this.partial === '' ? piece : this.partial + piece;
        this.partial = '';
        if (line.length > this.maxLength) this.onOverflow(line.length);
        else this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      }
      start = nl + 1;
    }
  }

  /** What is left without a newline when the stream ends. */
  flush(): void {
    if (!this.skipping && this.partial !== '') this.onLine(this.partial);
    this.partial = '';
  }
}
