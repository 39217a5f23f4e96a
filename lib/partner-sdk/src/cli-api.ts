import { CliError } from "./cli-error";

// The few raw calls the command makes (it needs the feed's exact bytes, so not the typed
// client): a 429 or 503 waits and tries again, a refused key is fatal, and an API that
// cannot be reached is one clear line at start and a retried pause while running.

export type CliEnvironment = {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** One line of output (stdout). */
  print: (line: string) => void;
  signal?: AbortSignal;
};

export type ApiAnswer = { status: number; text: string; date: Date | null };

export function normaliseBaseUrl(value: string | undefined): string {
  if (!value) throw new CliError("svc-partner: no API base URL; pass --base-url https://HOST/partner/v1 or set SVC_PARTNER_BASE_URL.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`svc-partner: --base-url ${JSON.stringify(value)} is not a URL (expected https://HOST/partner/v1).`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CliError(`svc-partner: --base-url must be an http(s) URL, not ${url.protocol}.`);
  const trimmed = url.href.replace(/\/+$/, "");
  return trimmed.endsWith("/partner/v1") ? trimmed : `${trimmed}/partner/v1`;
}

function envelopeMessage(text: string): { code: string; message: string } | null {
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
    if (error && typeof error.code === "string") return { code: error.code, message: typeof error.message === "string" ? error.message : "" };
  } catch {
    // Not the API's envelope.
  }
  return null;
}

export class PartnerApi {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #env: CliEnvironment;

  constructor(baseUrl: string, apiKey: string, env: CliEnvironment) {
    this.baseUrl = baseUrl;
    this.#apiKey = apiKey;
    this.#env = env;
  }

  /**
   * One call; `retryUnreachable` keeps trying through network errors and 5xx answers
   * (a running listener), otherwise they are fatal (start-up checks). 429 always waits.
   */
  async request(method: "GET" | "POST" | "PATCH", path: string, options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string>; retryUnreachable?: boolean } = {}): Promise<ApiAnswer> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    let pause = 1000;
    for (;;) {
      let response: Response;
      try {
        response = await this.#env.fetch(url, {
          method,
          headers: {
            Authorization: `Bearer ${this.#apiKey}`,
            Accept: "application/json",
            "User-Agent": "svc-partner",
            ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
            ...options.headers,
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: this.#env.signal,
        });
      } catch (error) {
        if (this.#env.signal?.aborted) throw error;
        const reason = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
        if (!options.retryUnreachable) throw new CliError(`svc-partner: cannot reach the API at ${this.baseUrl} (${reason}).`);
        this.#env.print(`${new Date().toISOString()}  the API is unreachable (${reason}); trying again in ${pause / 1000}s`);
        await this.#env.sleep(pause);
        pause = Math.min(pause * 2, 30_000);
        continue;
      }
      const text = await response.text();
      const dateHeader = response.headers.get("date");
      const answer: ApiAnswer = { status: response.status, text, date: dateHeader ? new Date(dateHeader) : null };
      if (response.status === 429 || (response.status >= 500 && options.retryUnreachable)) {
        const retryAfter = Number(response.headers.get("retry-after"));
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : pause;
        this.#env.print(`${new Date().toISOString()}  the API answered ${response.status}; trying again in ${Math.ceil(wait / 1000)}s`);
        await this.#env.sleep(wait);
        pause = Math.min(pause * 2, 30_000);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        const envelope = envelopeMessage(text);
        throw new CliError(`svc-partner: the API refused the key (${response.status} ${envelope?.code ?? ""}${envelope?.message ? `: ${envelope.message}` : ""}).`.replace(" )", ")"));
      }
      return answer;
    }
  }

  /** A 2xx answer's JSON, or a CliError naming the API's code and message. */
  async json<T>(method: "GET" | "POST" | "PATCH", path: string, options: Parameters<PartnerApi["request"]>[2] = {}): Promise<T> {
    const answer = await this.request(method, path, options);
    if (answer.status >= 200 && answer.status < 300) return JSON.parse(answer.text) as T;
    throw apiError(answer);
  }
}

export function apiError(answer: ApiAnswer): CliError {
  const envelope = envelopeMessage(answer.text);
  return new CliError(`svc-partner: the API answered ${answer.status}${envelope ? ` ${envelope.code}: ${envelope.message}` : ""}.`);
}
