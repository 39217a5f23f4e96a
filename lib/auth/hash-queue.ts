import { AppError } from "@/lib/platform/errors/app-error";

// scrypt at N=2^17 takes ~128 MiB and a few hundred ms of a libuv thread per hash. Node's
// threadpool has 4 threads shared with DNS and file I/O, so unbounded concurrent hashing
// would starve everything else (and multiply memory). Hashes run one at a time per
// process by default (PASSWORD_HASH_CONCURRENCY), and a bounded queue refuses work beyond
// it instead of growing latency and memory without limit.

const DEFAULT_CONCURRENCY = 1;
const DEFAULT_QUEUE = 32;

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Waiters that will hash (imitations in `waiting` do not count against the queue's size). */
  private queuedHashes = 0;
  /** Hashes started since the process began; tests read it to prove work was done. */
  started = 0;
  /** Turns taken without hashing (turn()); tests read it. */
  imitated = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queuedHashes >= this.maxQueued) throw hashingBusyError();
      this.queuedHashes += 1;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      this.queuedHashes -= 1;
    } else {
      this.running += 1;
    }
    this.started += 1;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /**
   * Waits as long as a hash queued now would wait for its turn, and is refused when the
   * queue is full, as a hash would be; then hands the slot straight on, so it never holds
   * back a real hash. Used to make a sign-in look like it checked a password.
   */
  async turn(): Promise<void> {
    this.imitated += 1;
    if (this.running < this.concurrency) return;
    if (this.queuedHashes >= this.maxQueued) throw hashingBusyError();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.release();
  }

  /** Hands the slot straight to the next waiter (running stays the same) or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

export function hashingBusyError(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "The server is busy. Try again in a few seconds.", { reason: "password_hashing_busy" }, { "retry-after": "2" });
}

const globalQueue = globalThis as unknown as { passwordHashQueue?: HashQueue };

/** The process-wide queue every password hash and verification goes through. */
export function passwordHashQueue(): HashQueue {
  globalQueue.passwordHashQueue ??= new HashQueue(
    positiveInt(process.env.PASSWORD_HASH_CONCURRENCY, DEFAULT_CONCURRENCY),
    positiveInt(process.env.PASSWORD_HASH_QUEUE, DEFAULT_QUEUE),
  );
  return globalQueue.passwordHashQueue;
}
