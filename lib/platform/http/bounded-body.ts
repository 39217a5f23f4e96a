import { AppError } from "@/lib/platform/errors/app-error";

/**
 * The body of `request`, read as it streams and abandoned as soon as it passes `maxBytes`:
 * a client that sends a chunked body of any size costs at most `maxBytes` of memory, and
 * the rest is never read (Node discards it once the answer is sent). A declared
 * Content-Length over the cap is refused before a byte is read.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw payloadTooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A copy of `request` whose body is the bounded one, for code that reads the body itself
 * (next-auth, Inngest's handler). `headers` replaces header values on the copy.
 */
export async function withBoundedBody<R extends Request>(
  request: R,
  maxBytes: number,
  headers: Record<string, string> = {},
  make: (url: string, init: RequestInit) => R = (url, init) => new Request(url, init) as R,
): Promise<R> {
  const body = await readBoundedBody(request, maxBytes);
  const copy = new Headers(request.headers);
  copy.delete("content-length");
  copy.delete("transfer-encoding");
  for (const [name, value] of Object.entries(headers)) copy.set(name, value);
  return make(request.url, { method: request.method, headers: copy, body: new Uint8Array(body), signal: request.signal });
}

export function payloadTooLarge(maxBytes: number): AppError {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes / 1024} KB`;
  return new AppError("PAYLOAD_TOO_LARGE", `The body is larger than ${size}.`, { reason: "body_too_large", maxBytes });
}
