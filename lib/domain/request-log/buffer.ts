import { logger } from "@/lib/platform/observability/logger";

// Partner API requests are recorded off the response path: a request only appends its row
// here (no I/O), and the rows are written in batches, one statement each (write.ts), when
// BATCH_ROWS are waiting or FLUSH_INTERVAL_MS after the first of them. One write at a time:
// while it runs, new rows wait for the next, which again takes a full batch or the timer;
// a timer's write takes only the rows there when it fired. (Draining whatever arrived
// during a write made a busy server write back to back in batches of a few rows: the
// statement's own cost, paid per handful of requests, was most of what the log cost the
// database.) The buffer is bounded: past MAX_BUFFERED rows
// (a database that is down), the oldest are dropped and counted, so the log can never eat
// the process's memory or slow the API. A failed write is retried once; if that fails too
// (an outage), its rows go back to the front of the buffer and the timer tries again, so
// an outage shorter than the buffer's room loses nothing. A stop (flush) tries once more
// and counts what it could not write. Nothing here ever throws into a request.

export type ApiRequestRow = {
  orgId: string;
  keyId: string;
  at: Date;
  method: string;
  /** The route pattern (`/events/{eventId}`), never the raw path or query. */
  route: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
  requestId: string;
  clientIp: string | null;
  userAgent: string | null;
};

export type BufferOptions = {
  batchRows: number;
  flushIntervalMs: number;
  maxBuffered: number;
  retryDelayMs: number;
};

export const DEFAULT_BUFFER_OPTIONS: BufferOptions = { batchRows: 200, flushIntervalMs: 500, maxBuffered: 10_000, retryDelayMs: 200 };

type Waiter = { seq: number; resolve: () => void };

export class RequestLogBuffer {
  private rows: ApiRequestRow[] = [];
  private seqs: number[] = [];
  private lastSeq = 0;
  private waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> | null = null;
  private droppedSinceWarning = 0;
  /** The last write failed twice: its rows are back in the buffer, waiting for the timer. */
  private failing = false;
  /** Rows dropped since start: the buffer was full, or a stop could not write them. */
  dropped = 0;

  constructor(
    private readonly write: (rows: ApiRequestRow[]) => Promise<unknown>,
    private readonly options: BufferOptions = DEFAULT_BUFFER_OPTIONS,
  ) {}

  get size(): number {
    return this.rows.length;
  }

  /**
   * Appends a row; the promise settles (never rejects) once a write that covers it has
   * finished, well or not. What `after()` waits for on a serverless platform.
   */
  record(row: ApiRequestRow): Promise<void> {
    if (this.rows.length >= this.options.maxBuffered) {
      this.rows.shift();
      this.seqs.shift();
      this.countDropped(1, "request log buffer full: oldest rows dropped");
    }
    const seq = ++this.lastSeq;
    this.rows.push(row);
    this.seqs.push(seq);
    const written = new Promise<void>((resolve) => this.waiters.push({ seq, resolve }));
    // During an outage (failing) only the timer tries again, not every request.
    if (this.rows.length >= this.options.batchRows && !this.failing) {
      if (!this.writing) void this.startWrite("full");
    } else {
      this.startTimer();
    }
    return written;
  }

  /** Writes everything buffered now (and what arrives meanwhile); settles when done. */
  async flush(): Promise<void> {
    this.stopTimer();
    for (;;) {
      while (this.writing) await this.writing;
      if (this.rows.length === 0 && this.waiters.length === 0) return;
      await this.startWrite("buffered");
      if (this.failing) {
        // The database is still unreachable: a stop cannot wait for it.
        const lost = this.rows.length;
        this.rows = [];
        this.seqs = [];
        this.settle(this.lastSeq);
        this.countDropped(lost, "request log not written at stop (database unreachable): rows dropped");
        this.failing = false;
        return;
      }
    }
  }

  private startTimer(): void {
    if (this.timer || this.rows.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.writing) return; // the write under way restarts the timer for what is left
      void this.startWrite("buffered");
    }, this.options.flushIntervalMs);
    this.timer.unref?.();
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** "full": full batches only, while there are; "buffered": the rows buffered when it starts. */
  private startWrite(mode: "full" | "buffered"): Promise<void> {
    this.writing = this.writeBatches(mode).finally(() => {
      this.writing = null;
      // What came in during the write: a full batch goes now, the rest waits for the timer.
      if (this.rows.length >= this.options.batchRows && !this.failing) void this.startWrite("full");
      else this.startTimer();
    });
    return this.writing;
  }

  private async writeBatches(mode: "full" | "buffered"): Promise<void> {
    const { batchRows } = this.options;
    let buffered = this.rows.length;
    for (;;) {
      const ready = mode === "buffered" ? buffered : Math.floor(this.rows.length / batchRows) * batchRows;
      const take = Math.min(ready, this.rows.length, batchRows * 5);
      if (take === 0) break;
      buffered -= take;
      const rows = this.rows.splice(0, take);
      const seqs = this.seqs.splice(0, take);
      const written = await this.writeWithRetry(rows);
      // Also releases the waiters of older rows dropped from a full buffer. A row kept for
      // the next write is settled too: its waiter (after() on a serverless platform) must
      // not hold the function open through an outage.
      this.settle(seqs[seqs.length - 1]);
      if (!written) {
        this.keep(rows, seqs);
        return;
      }
    }
    if (this.rows.length === 0) this.settle(this.lastSeq);
  }

  private async writeWithRetry(rows: ApiRequestRow[]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.write(rows);
        if (this.failing) logger.info({ rows: rows.length, buffered: this.rows.length, droppedTotal: this.dropped }, "request log writes resumed");
        this.failing = false;
        return true;
      } catch (error) {
        if (attempt >= 2) {
          // The rows hold nothing secret (no key, header value or body is ever recorded).
          // One line when an outage begins, not one per timer tick.
          if (!this.failing) {
            logger.warn(
              { rows: rows.length, buffered: this.rows.length + rows.length, maxBuffered: this.options.maxBuffered, err: error instanceof Error ? error.message : String(error) },
              "request log write failed twice: rows kept for the next write",
            );
          }
          this.failing = true;
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs));
      }
    }
  }

  /** Puts the rows of a failed write back in front, within the bound (the oldest beyond it are dropped, counted). */
  private keep(rows: ApiRequestRow[], seqs: number[]): void {
    this.rows = [...rows, ...this.rows];
    this.seqs = [...seqs, ...this.seqs];
    const over = this.rows.length - this.options.maxBuffered;
    if (over > 0) {
      this.rows.splice(0, over);
      this.seqs.splice(0, over);
      this.countDropped(over, "request log buffer full: oldest rows dropped");
    }
  }

  private settle(upTo: number): void {
    if (this.waiters.length === 0 || this.waiters[0].seq > upTo) return;
    const keep: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.seq <= upTo) waiter.resolve();
      else keep.push(waiter);
    }
    this.waiters = keep;
  }

  private countDropped(count: number, message: string): void {
    this.dropped += count;
    this.droppedSinceWarning += count;
    // The first drop, then one line per thousand, not one per request.
    if (this.dropped === count || this.droppedSinceWarning >= 1000) {
      logger.warn({ dropped: this.droppedSinceWarning, droppedTotal: this.dropped, maxBuffered: this.options.maxBuffered }, message);
      this.droppedSinceWarning = 0;
    }
  }
}
