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

  /** Hashes waiting for a slot now; tests read it. */
  get queued(): number {
    return this.queuedHashes;
  }

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

// Hashes for a new account (public sign-up, invitation sign-up) are asked for by people
// without an account, so they pass a gate of their own before the shared queue: at most
// one of them is in that queue at a time, a few more wait at the gate, the rest are told
// the server is busy. However many arrive, a sign-in finds at most one such hash ahead of
// it and the queue never fills up with them.
const NEW_ACCOUNT_CONCURRENCY = 1;
const NEW_ACCOUNT_QUEUE = 4;

const globalGate = globalThis as unknown as { newAccountHashGate?: HashQueue };

/** The gate new-account hashes pass before the process-wide queue. */
export function newAccountHashGate(): HashQueue {
  globalGate.newAccountHashGate ??= new HashQueue(NEW_ACCOUNT_CONCURRENCY, NEW_ACCOUNT_QUEUE);
  return globalGate.newAccountHashGate;
}
