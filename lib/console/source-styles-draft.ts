import type { AuthType, IncrementalConfig, PaginationConfig, PaginationType, StoredAuth } from "@/lib/domain/imports/source-config";

// The editor's pagination, authentication and incremental settings as form text, and
// their translation into the library's input shapes (lib/domain/imports/source-config.ts). Plain
// data, no server code: this module runs in the browser. "" means "not set".

export type PaginationDraft = {
  type: PaginationType;
  cursorPath: string;
  param: string;
  hasMorePath: string;
  startAt: string;
  sizeParam: string;
  size: string;
  offsetParam: string;
  limitParam: string;
  limit: string;
};

export type AuthDraft = {
  type: AuthType;
  /** The secret of the chosen type: token, password, header/parameter value or client secret. */
  secret: string;
  username: string;
  name: string;
  tokenUrl: string;
  clientId: string;
  scope: string;
  /** The saved auth type, whose secret is stored (blank keeps it); null when none is. */
  savedType: AuthType | null;
};

export type IncrementalDraft = { enabled: boolean; param: string; format: "iso8601" | "unixSeconds"; lookbackSeconds: string };

export type StylesDraft = {
  pagination: PaginationDraft;
  auth: AuthDraft;
  incremental: IncrementalDraft;
  pauseBetweenPagesMs: string;
};

export function emptyStyles(): StylesDraft {
  return {
    pagination: { type: "none", cursorPath: "", param: "", hasMorePath: "", startAt: "1", sizeParam: "", size: "", offsetParam: "offset", limitParam: "limit", limit: "100" },
    auth: { type: "none", secret: "", username: "", name: "", tokenUrl: "", clientId: "", scope: "", savedType: null },
    incremental: { enabled: false, param: "", format: "iso8601", lookbackSeconds: "300" },
    pauseBetweenPagesMs: "0",
  };
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** The draft of saved settings (nextUrl's path lives in the draft's nextPagePath). */
export function stylesFromSource(source: { pagination?: PaginationConfig; auth?: StoredAuth; incremental?: IncrementalConfig | null; pauseBetweenPagesMs?: number }): StylesDraft {
  const draft = emptyStyles();
  const p = source.pagination ?? { type: "none" };
  draft.pagination.type = p.type;
  if (p.type === "cursor") Object.assign(draft.pagination, { cursorPath: p.cursorPath, param: p.param, hasMorePath: text(p.hasMorePath) });
  if (p.type === "page") Object.assign(draft.pagination, { param: p.param, startAt: text(p.startAt), sizeParam: text(p.sizeParam), size: text(p.size) });
  if (p.type === "offset") Object.assign(draft.pagination, { offsetParam: p.offsetParam, limitParam: p.limitParam, limit: text(p.limit) });
  const a = source.auth ?? { type: "none" };
  draft.auth.type = a.type;
  draft.auth.savedType = a.type === "none" ? null : a.type;
  if (a.type === "basic") draft.auth.username = a.username;
  if (a.type === "header" || a.type === "query") draft.auth.name = a.name;
  if (a.type === "oauth2ClientCredentials") Object.assign(draft.auth, { tokenUrl: a.tokenUrl, clientId: a.clientId, scope: text(a.scope) });
  if (source.incremental) {
    draft.incremental = { enabled: true, param: source.incremental.param, format: source.incremental.format, lookbackSeconds: text(source.incremental.lookbackSeconds) };
  }
  draft.pauseBetweenPagesMs = text(source.pauseBetweenPagesMs ?? 0);
  return draft;
}

/** A number typed in the form; text that is not one is passed on for the schema to name. */
function numberOr(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== "" && /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * `pagination` for the input, or undefined for none/nextUrl (sent as the older
 * nextPagePath, which the draft keeps for both).
 */
export function paginationInput(draft: PaginationDraft): unknown {
  switch (draft.type) {
    case "cursor":
      return { type: "cursor", cursorPath: draft.cursorPath, param: draft.param, ...(draft.hasMorePath.trim() ? { hasMorePath: draft.hasMorePath } : {}) };
    case "page":
      return {
        type: "page",
        param: draft.param,
        ...(draft.startAt.trim() !== "" ? { startAt: numberOr(draft.startAt) } : {}),
        ...(draft.sizeParam.trim() ? { sizeParam: draft.sizeParam } : {}),
        ...(draft.size.trim() ? { size: numberOr(draft.size) } : {}),
      };
    case "offset":
      return { type: "offset", offsetParam: draft.offsetParam, limitParam: draft.limitParam, limit: numberOr(draft.limit) };
    case "linkHeader":
      return { type: "linkHeader" };
    default:
      return undefined;
  }
}

const SECRET_KEY = { none: null, bearer: "token", basic: "password", header: "value", query: "value", oauth2ClientCredentials: "clientSecret" } as const;

/** The auth input; a blank secret of the saved type is left out (the saved one is kept). */
export function authInput(draft: AuthDraft): unknown {
  const key = SECRET_KEY[draft.type];
  const keepSaved = draft.secret === "" && draft.savedType === draft.type;
  const secret = key && !keepSaved ? { [key]: draft.secret } : {};
  switch (draft.type) {
    case "none":
      return { type: "none" };
    case "bearer":
      return { type: "bearer", ...secret };
    case "basic":
      return { type: "basic", username: draft.username, ...secret };
    case "header":
    case "query":
      return { type: draft.type, name: draft.name, ...secret };
    case "oauth2ClientCredentials":
      return { type: draft.type, tokenUrl: draft.tokenUrl, clientId: draft.clientId, ...secret, ...(draft.scope.trim() ? { scope: draft.scope } : {}) };
  }
}

export function incrementalInput(draft: IncrementalDraft): unknown {
  if (!draft.enabled) return null;
  return { param: draft.param, format: draft.format, ...(draft.lookbackSeconds.trim() !== "" ? { lookbackSeconds: numberOr(draft.lookbackSeconds) } : {}) };
}

/** The settings as input fields; `nextPagePath` is the draft's (none with a path is the older nextUrl). */
export function stylesInput(draft: StylesDraft, nextPagePath: string | null) {
  const pagination = paginationInput(draft.pagination);
  return {
    nextPagePath: draft.pagination.type === "nextUrl" || draft.pagination.type === "none" ? nextPagePath : null,
    ...(pagination ? { pagination } : {}),
    auth: authInput(draft.auth),
    incremental: incrementalInput(draft.incremental),
    pauseBetweenPagesMs: numberOr(draft.pauseBetweenPagesMs || "0"),
  };
}
