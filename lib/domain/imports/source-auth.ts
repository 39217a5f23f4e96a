import { OutboundError, isRedirectStatus, safeFetch } from "@/lib/platform/outbound/safe-fetch";
import { outboundAllowLoopback } from "@/lib/platform/outbound/url-guard";
import { sameOrigin } from "./header-origin";
import type { SourceAuth } from "./source-config";

// Credentials on the wire, for one run (or one preview). Every credential goes only to
// the origin it belongs to: the data credentials (a header, a query parameter, an access
// token) only to the data URL's origin, the OAuth client secret only to the token URL.
//
// OAuth 2 client credentials (RFC 6749 §4.4): the client authenticates with HTTP basic
// first (§2.3.1, the method servers must support) and, if the server refuses it, with the
// id and secret in the form body; the method that worked is kept for the run. The access
// token is cached until shortly before `expires_in` and shared by every page; a 401 from
// the data server drops it, and the caller asks once more with a new one. The token
// request goes through the outbound guard like every other, and is never redirected: a
// 3xx from the token URL would carry the secret somewhere else.

/** A credential problem worded for the organiser (never the secret itself). */
export class SourceAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceAuthError";
  }
}

const TOKEN_EXPIRY_MARGIN_MS = 30_000;

type TokenOptions = { timeoutMs: number; maxBytes: number; signal?: AbortSignal };

export class RequestAuth {
  private token: { value: string; expiresAt: number } | null = null;
  private clientAuthInBody: boolean | null = null;
  /** Token requests made (tests read it: one token per run unless it expires or is refused). */
  tokenRequests = 0;

  constructor(
    private readonly auth: SourceAuth,
    private readonly dataUrl: string,
    private readonly options: TokenOptions,
  ) {}

  get renewsOnUnauthorized(): boolean {
    return this.auth.type === "oauth2ClientCredentials";
  }

  /** The URL without the query credential: what is shown, logged and compared. */
  displayUrl(url: string): string {
    if (this.auth.type !== "query") return url;
    try {
      const parsed = new URL(url);
      if (!parsed.searchParams.has(this.auth.name)) return url;
      parsed.searchParams.delete(this.auth.name);
      return parsed.href;
    } catch {
      return url;
    }
  }

  /** The URL to request: the query credential added on the data origin only. */
  requestUrl(url: string): string {
    const shown = this.displayUrl(url);
    if (this.auth.type !== "query" || !sameOrigin(shown, this.dataUrl)) return shown;
    const parsed = new URL(shown);
    parsed.searchParams.set(this.auth.name, this.auth.value);
    return parsed.href;
  }

  /** Credential headers for a request to `url` (none off the data origin). */
  async headersFor(url: string): Promise<Record<string, string>> {
    if (!sameOrigin(url, this.dataUrl)) return {};
    switch (this.auth.type) {
      case "bearer":
        return { authorization: `Bearer ${this.auth.token}` };
      case "basic":
        return { authorization: `Basic ${Buffer.from(`${this.auth.username}:${this.auth.password}`, "latin1").toString("base64")}` };
      case "header":
        return { [this.auth.name]: this.auth.value };
      case "oauth2ClientCredentials":
        return { authorization: `Bearer ${await this.accessToken()}` };
      default:
        return {};
    }
  }

  /** Forget the cached access token (the data server answered 401). */
  dropToken(): void {
    this.token = null;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    if (this.auth.type !== "oauth2ClientCredentials") throw new Error("not an OAuth source");
    const auth = this.auth;
    // Basic first unless the body worked before in this run; body second when refused.
    const methods = this.clientAuthInBody === null ? [false, true] : [this.clientAuthInBody];
    let last: { status: number; error: string | null } | null = null;
    for (const inBody of methods) {
      const result = await this.requestToken(auth, inBody);
      if ("token" in result) {
        this.clientAuthInBody = inBody;
        const lifetime = result.expiresIn !== null ? Math.max(result.expiresIn * 1000 - TOKEN_EXPIRY_MARGIN_MS, 1_000) : Number.POSITIVE_INFINITY;
        this.token = { value: result.token, expiresAt: Date.now() + lifetime };
        return result.token;
      }
      last = result;
      // Only a refused client authentication is worth the other method.
      if (!(result.status === 400 || result.status === 401) || (result.error !== null && result.error !== "invalid_client")) break;
    }
    const code = last?.error ? ` (${last.error})` : "";
    throw new SourceAuthError(
      last?.status === 400 || last?.status === 401
        ? `The token endpoint refused the client id and secret: HTTP ${last.status}${code}.`
        : `The token endpoint answered HTTP ${last?.status}${code}.`,
    );
  }

  private async requestToken(
    auth: Extract<SourceAuth, { type: "oauth2ClientCredentials" }>,
    inBody: boolean,
  ): Promise<{ token: string; expiresIn: number | null } | { status: number; error: string | null }> {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (auth.scope) form.set("scope", auth.scope);
    const headers: Record<string, string> = {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": "svc-integrations-import/1",
    };
    if (inBody) {
      form.set("client_id", auth.clientId);
      form.set("client_secret", auth.clientSecret);
    } else {
      const pair = `${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
    }
    this.tokenRequests++;
    let response;
    try {
      response = await safeFetch(auth.tokenUrl, {
        method: "POST",
        headers,
        body: form.toString(),
        timeoutMs: this.options.timeoutMs,
        maxBytes: 64 * 1024,
        failOnTooLarge: true,
        allowLoopback: outboundAllowLoopback(),
        signal: this.options.signal,
      });
    } catch (err) {
      if (err instanceof OutboundError) throw new SourceAuthError(`The token URL could not be used: ${err.message}`);
      throw err;
    }
    if (isRedirectStatus(response.status)) {
      throw new SourceAuthError(`The token URL redirected (HTTP ${response.status}); give the token endpoint's final address.`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(response.body.toString("utf8"));
    } catch {
      // Handled below: a token answer must be JSON.
    }
    const body = json !== null && typeof json === "object" ? (json as Record<string, unknown>) : {};
    if (response.status < 200 || response.status > 299) {
      // The OAuth error code is a fixed ASCII word (RFC 6749 §5.2); nothing else is echoed.
      const error = typeof body.error === "string" && /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/.test(body.error) ? body.error : null;
      return { status: response.status, error };
    }
    if (typeof body.access_token !== "string" || body.access_token === "") {
      throw new SourceAuthError("The token endpoint's answer has no access_token.");
    }
    if (typeof body.token_type === "string" && body.token_type.toLowerCase() !== "bearer") {
      throw new SourceAuthError(`The token endpoint issued a "${body.token_type.slice(0, 40)}" token; only bearer tokens are supported.`);
    }
    if (/[^\x20-\x7e]/.test(body.access_token)) throw new SourceAuthError("The token endpoint's access_token holds characters a header cannot carry.");
    const expiresIn = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : typeof body.expires_in === "string" && /^\d+$/.test(body.expires_in) ? Number(body.expires_in) : null;
    return { token: body.access_token, expiresIn };
  }
}
