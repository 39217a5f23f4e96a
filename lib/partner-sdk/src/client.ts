import { errorFromResponse } from "./errors";
import { Paged, type Page } from "./paged";
import type { components, operations, paths } from "./schema";

// The typed client. Types come from ./schema.ts, generated from the OpenAPI document;
// OPERATION_PATHS must name every operation of that document, so regenerating the types
// after an operation is added fails the type check until the client covers it.

type Schemas = components["schemas"];
type Query<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;
type ListQuery<Op extends keyof operations> = Omit<Query<Op>, "cursor">;

export const OPERATION_PATHS = {
  getMe: "/me",
  listRequests: "/requests",
  listEvents: "/events",
  getEvent: "/events/{eventId}",
  listSessions: "/events/{eventId}/sessions",
  listTracks: "/events/{eventId}/tracks",
  listRooms: "/events/{eventId}/rooms",
  listSpeakers: "/events/{eventId}/speakers",
  listSponsors: "/events/{eventId}/sponsors",
  listInfoSections: "/events/{eventId}/info-sections",
  listAttendees: "/events/{eventId}/attendees",
  createAttendee: "/events/{eventId}/attendees",
  getAttendee: "/events/{eventId}/attendees/{attendeeId}",
  updateAttendee: "/events/{eventId}/attendees/{attendeeId}",
  listCheckIns: "/events/{eventId}/check-ins",
  listSessionAttendance: "/events/{eventId}/session-attendance",
  listForms: "/events/{eventId}/forms",
  listFormSubmissions: "/events/{eventId}/forms/{formId}/submissions",
  listFeedback: "/events/{eventId}/feedback",
  listWebhookEvents: "/webhook-events",
  getOpenApiDocument: "/openapi.json",
  getDocsPage: "/docs",
} as const satisfies Record<Exclude<keyof operations, `${string}Webhook`>, keyof paths>;

export type PartnerClientOptions = {
  /** e.g. https://api.example.com/partner/v1 */
  baseUrl: string;
  apiKey: string;
  /** Retries of a 429 or 503 answer (default 3); the wait honours Retry-After. */
  maxRetries?: number;
  /** Longest wait between retries, in seconds (default 60); a longer Retry-After is an error. */
  maxRetryDelaySeconds?: number;
  fetch?: typeof fetch;
  /** How to wait between retries; tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
};

/** An item of the webhook-events feed: a webhook body, discriminated by `type`. */
export type FeedWebhookEvent = Schemas["WebhookEvent"];
export type FeedWebhookEventType = FeedWebhookEvent["type"];

export type WebhookEventsQuery = {
  /** Only events created at or after this instant (history reaches back 30 days). */
  since?: Date | string;
  /** Only these types; an unknown one is a 400. */
  types?: FeedWebhookEventType[];
  /** Page size, 1 to 200 (default 50). */
  limit?: number;
};

export type RequestLogQuery = {
  /** Only answers of this class (4xx includes 429). */
  status?: "2xx" | "4xx" | "429" | "5xx";
  /** Only requests at or after this instant (the log keeps 14 days). */
  since?: Date | string;
  /** Page size, 1 to 200 (default 50). */
  limit?: number;
};

type RequestInput = { path: string; params?: Record<string, string>; query?: object; body?: unknown; accept?: "json" | "text"; headers?: Record<string, string> };

export type CreateAttendeeOptions = {
  /**
   * Sent as the Idempotency-Key header: the same key and body within 24 hours replay the
   * first 201 instead of creating a second attendee, so a retried create is safe.
   */
  idempotencyKey?: string;
};

const RETRYABLE = new Set([429, 503]);

export class PartnerClient {
  readonly #options: Required<Omit<PartnerClientOptions, "fetch" | "sleep">> & Pick<PartnerClientOptions, "fetch" | "sleep">;

  constructor(options: PartnerClientOptions) {
    if (!options.apiKey) throw new Error("PartnerClient needs an apiKey.");
    this.#options = { maxRetries: 3, maxRetryDelaySeconds: 60, ...options, baseUrl: options.baseUrl.replace(/\/+$/, "") };
  }

  async #request<T>(method: "GET" | "POST" | "PATCH", input: RequestInput): Promise<T> {
    const path = input.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      const value = input.params?.[name];
      if (!value) throw new Error(`Missing path parameter ${name}.`);
      return encodeURIComponent(value);
    });
    const url = new URL(this.#options.baseUrl + path);
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      ...input.headers,
      Authorization: `Bearer ${this.#options.apiKey}`,
      Accept: input.accept === "text" ? "text/html" : "application/json",
    };
    if (input.body !== undefined) headers["Content-Type"] = "application/json";
    const doFetch = this.#options.fetch ?? fetch;
    const sleep = this.#options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, { method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) });
      if (response.ok) return (input.accept === "text" ? await response.text() : await response.json()) as T;
      const error = await errorFromResponse(response);
      if (!RETRYABLE.has(response.status) || attempt >= this.#options.maxRetries) throw error;
      // Retry-After when given, else exponential backoff from one second.
      const waitSeconds = error.retryAfterSeconds ?? 2 ** attempt;
      if (waitSeconds > this.#options.maxRetryDelaySeconds) throw error;
      await sleep(waitSeconds * 1000);
    }
  }

  #get<T>(path: string, params?: Record<string, string>, query?: object) {
    return this.#request<T>("GET", { path, params, query });
  }

  #paged<T>(path: string, params: Record<string, string>, query: object = {}): Paged<T> {
    return new Paged<T>((cursor) => this.#get<Page<T>>(path, params, { ...query, ...(cursor ? { cursor } : {}) }));
  }

  async #single<T>(method: "GET" | "POST" | "PATCH", path: string, params: Record<string, string>, body?: unknown, headers?: Record<string, string>): Promise<T> {
    return (await this.#request<{ data: T }>(method, { path, params, body, headers })).data;
  }

  async #list<T>(path: string, params: Record<string, string>): Promise<T[]> {
    return (await this.#get<{ data: T[] }>(path, params)).data;
  }

  /** The calling key and its organization. */
  me(): Promise<Schemas["Me"]> {
    return this.#single("GET", OPERATION_PATHS.getMe, {});
  }

  /** The calling key's own requests of the last 14 days, newest first (what the console's request log shows). */
  readonly requests = {
    list: (query: RequestLogQuery = {}) =>
      this.#paged<Schemas["ApiRequest"]>(OPERATION_PATHS.listRequests, {}, {
        limit: query.limit,
        status: query.status,
        since: query.since instanceof Date ? query.since.toISOString() : query.since,
      }),
  };

  readonly events = {
    list: (query: ListQuery<"listEvents"> = {}) => this.#paged<Schemas["Event"]>(OPERATION_PATHS.listEvents, {}, query),
    get: (eventId: string) => this.#single<Schemas["Event"]>("GET", OPERATION_PATHS.getEvent, { eventId }),
  };

  readonly sessions = {
    list: (eventId: string, query: ListQuery<"listSessions"> = {}) => this.#paged<Schemas["Session"]>(OPERATION_PATHS.listSessions, { eventId }, query),
  };

  readonly tracks = { list: (eventId: string) => this.#list<Schemas["Track"]>(OPERATION_PATHS.listTracks, { eventId }) };
  readonly rooms = { list: (eventId: string) => this.#list<Schemas["Room"]>(OPERATION_PATHS.listRooms, { eventId }) };
  readonly sponsors = { list: (eventId: string) => this.#list<Schemas["Sponsor"]>(OPERATION_PATHS.listSponsors, { eventId }) };
  readonly infoSections = { list: (eventId: string) => this.#list<Schemas["InfoSection"]>(OPERATION_PATHS.listInfoSections, { eventId }) };
  readonly forms = { list: (eventId: string) => this.#list<Schemas["Form"]>(OPERATION_PATHS.listForms, { eventId }) };

  readonly speakers = {
    list: (eventId: string, query: ListQuery<"listSpeakers"> = {}) => this.#paged<Schemas["Speaker"]>(OPERATION_PATHS.listSpeakers, { eventId }, query),
  };

  readonly attendees = {
    list: (eventId: string, query: ListQuery<"listAttendees"> = {}) => this.#paged<Schemas["Attendee"]>(OPERATION_PATHS.listAttendees, { eventId }, query),
    get: (eventId: string, attendeeId: string) => this.#single<Schemas["Attendee"]>("GET", OPERATION_PATHS.getAttendee, { eventId, attendeeId }),
    /** The attendee with this badge code (typed in any form: "PYT-UZX", "pytuzx", "PYT UZX"), or null. */
    findByBadgeCode: async (eventId: string, badgeCode: string) =>
      (await this.#get<{ data: Schemas["Attendee"][] }>(OPERATION_PATHS.listAttendees, { eventId }, { badgeCode })).data[0] ?? null,
    /** The attendee with this address (any case), or null. */
    findByEmail: async (eventId: string, email: string) =>
      (await this.#get<{ data: Schemas["Attendee"][] }>(OPERATION_PATHS.listAttendees, { eventId }, { email })).data[0] ?? null,
    create: (eventId: string, body: Schemas["CreateAttendeeBody"], options: CreateAttendeeOptions = {}) =>
      this.#single<Schemas["Attendee"]>(
        "POST",
        OPERATION_PATHS.createAttendee,
        { eventId },
        body,
        options.idempotencyKey === undefined ? undefined : { "Idempotency-Key": options.idempotencyKey },
      ),
    update: (eventId: string, attendeeId: string, body: Schemas["UpdateAttendeeBody"]) =>
      this.#single<Schemas["Attendee"]>("PATCH", OPERATION_PATHS.updateAttendee, { eventId, attendeeId }, body),
  };

  readonly checkIns = {
    list: (eventId: string, query: ListQuery<"listCheckIns"> = {}) => this.#paged<Schemas["CheckIn"]>(OPERATION_PATHS.listCheckIns, { eventId }, query),
  };

  readonly sessionAttendance = {
    list: (eventId: string, query: ListQuery<"listSessionAttendance"> = {}) =>
      this.#paged<Schemas["SessionAttendance"]>(OPERATION_PATHS.listSessionAttendance, { eventId }, query),
  };

  readonly formSubmissions = {
    list: (eventId: string, formId: string, query: ListQuery<"listFormSubmissions"> = {}) =>
      this.#paged<Schemas["FormSubmission"]>(OPERATION_PATHS.listFormSubmissions, { eventId, formId }, query),
  };

  readonly feedback = {
    list: (eventId: string, query: ListQuery<"listFeedback"> = {}) => this.#paged<Schemas["Feedback"]>(OPERATION_PATHS.listFeedback, { eventId }, query),
  };

  /**
   * The catch-up feed: every webhook body of the last 30 days, oldest first, byte for byte
   * as delivered. `for await (const event of client.webhookEvents.list({ since }))` walks
   * every page; deduplicate on `event.id` against what your webhook receiver already saw.
   */
  readonly webhookEvents = {
    list: (query: WebhookEventsQuery = {}) =>
      this.#paged<FeedWebhookEvent>(OPERATION_PATHS.listWebhookEvents, {}, {
        limit: query.limit,
        since: query.since instanceof Date ? query.since.toISOString() : query.since,
        types: query.types?.join(","),
      }),
  };

  readonly reference = {
    /** The OpenAPI 3.1 document (public). */
    openapi: () => this.#get<Record<string, unknown>>(OPERATION_PATHS.getOpenApiDocument),
    /** The HTML reference page (public). */
    docsHtml: () => this.#request<string>("GET", { path: OPERATION_PATHS.getDocsPage, accept: "text" }),
  };
}
