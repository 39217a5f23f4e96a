import { Worker } from "node:worker_threads";

// scrypt runs on one dedicated worker thread instead of libuv's shared threadpool, for two
// reasons: it cannot occupy the threads that DNS and file I/O need, and on Linux the
// thread lowers its own scheduling priority (nice 19; setpriority with pid 0 applies to
// the calling thread only there), so under a password-guessing flood the CPU goes to the
// threads serving other requests first and hashing absorbs the wait. Other platforms would
// renice the whole process, so the priority is left alone there.
//
// The worker's code is inline (eval) so bundlers have no separate file to trace.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const crypto = require("node:crypto");
const os = require("node:os");
if (process.platform === "linux") { try { os.setPriority(19); } catch {} }
parentPort.on("message", ({ id, password, salt, keyLength, options }) => {
  try {
    const key = crypto.scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

type Pending = { resolve: (key: Buffer) => void; reject: (error: Error) => void };
type Reply = { id: number; key?: Uint8Array; error?: string };
type ScryptOptions = { N: number; r: number; p: number; maxmem: number };

const state = globalThis as unknown as { scryptWorker?: { worker: Worker; pending: Map<number, Pending>; nextId: number } };

function worker() {
  if (state.scryptWorker) return state.scryptWorker;
  const instance = new Worker(WORKER_SOURCE, { eval: true });
  // An idle hasher must not keep a CLI or test process alive; a busy one must (see below).
  instance.unref();
  const pending = new Map<number, Pending>();
  const entry = { worker: instance, pending, nextId: 0 };
  instance.on("message", ({ id, key, error }: Reply) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) instance.unref();
    if (!waiter) return;
    if (key) waiter.resolve(Buffer.from(key));
    else waiter.reject(new Error(error ?? "scrypt failed"));
  });
  const fail = (error: Error) => {
    if (state.scryptWorker === entry) state.scryptWorker = undefined;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  instance.on("error", fail);
  instance.on("exit", (code) => fail(new Error(`scrypt worker exited with code ${code}`)));
  state.scryptWorker = entry;
  return entry;
}

/** scrypt on the low-priority hashing thread. */
export function scryptOnWorker(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  const entry = worker();
  const id = entry.nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    if (entry.pending.size === 0) entry.worker.ref();
    entry.pending.set(id, { resolve, reject });
    entry.worker.postMessage({ id, password, salt, keyLength, options });
  });
}
