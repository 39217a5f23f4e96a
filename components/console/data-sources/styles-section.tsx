"use client";

import { useState, useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { previewInput, type SourceDraft } from "@/lib/console/mapping-draft";
import type { AuthDraft, PaginationDraft } from "@/lib/console/source-styles-draft";
import type { PageCount } from "@/lib/domain/imports/preview";
import type { AuthType, PaginationType } from "@/lib/domain/imports/source-config";
import { EditorInput, EditorSection, EditorSelect, GroupError, type Errors } from "./editor-fields";
import type { DraftEdit } from "./use-source-draft";

// Pagination, authentication and incremental settings of the editor. Inputs are keyed by
// the library's dotted paths ("pagination.limit", "auth.token"), so field errors from the
// schema (browser) or the server land under them. Secrets are password inputs and never
// come back from the server: a saved one shows as "Saved: leave blank to keep".

const PAGINATION_LABELS: Record<PaginationType, string> = {
  none: "One page only",
  nextUrl: "Next-page URL in the response",
  cursor: "Cursor token",
  page: "Page number",
  offset: "Offset and limit",
  linkHeader: "Link header (rel=\"next\")",
};

const AUTH_LABELS: Record<AuthType, string> = {
  none: "None (or request headers above)",
  bearer: "Bearer token",
  basic: "HTTP basic (user and password)",
  header: "API key in a header",
  query: "API key in the query string",
  oauth2ClientCredentials: "OAuth 2 client credentials",
};

const SECRET_PATH: Record<AuthType, string | null> = { none: null, bearer: "auth.token", basic: "auth.password", header: "auth.value", query: "auth.value", oauth2ClientCredentials: "auth.clientSecret" };
const SECRET_LABEL: Record<AuthType, string> = { none: "", bearer: "Token", basic: "Password", header: "Header value", query: "Parameter value", oauth2ClientCredentials: "Client secret" };

function text(path: string, label: string, value: string, errors: Errors, onChange: (value: string) => void, extra: { hint?: React.ReactNode; optional?: boolean; placeholder?: string; type?: string; inputMode?: "numeric" } = {}) {
  return (
    <EditorInput
      key={path}
      path={path}
      label={label}
      autoComplete="off"
      spellCheck={false}
      value={value}
      error={errors[path]}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputClassName="font-mono"
      {...extra}
    />
  );
}

export function StylesSection({
  orgId,
  draft,
  errors,
  edit,
  dataSourceId,
  countPagesAction,
  countDisabledReason,
}: {
  orgId: string;
  draft: SourceDraft;
  errors: Errors;
  edit: DraftEdit;
  dataSourceId?: string;
  countPagesAction: FormAction<PageCount>;
  countDisabledReason: string | null;
}) {
  const p = draft.styles.pagination;
  const a = draft.styles.auth;
  const inc = draft.styles.incremental;
  const setP = (key: keyof PaginationDraft, path: string) => (value: string) => edit((d) => void ((d.styles.pagination as Record<string, string>)[key] = value), path);
  const setA = (key: keyof AuthDraft, path: string) => (value: string) => edit((d) => void ((d.styles.auth as Record<string, unknown>)[key] = value), path);
  const [count, setCount] = useState<{ message: string; failed: boolean } | null>(null);
  const [counting, startCounting] = useTransition();
  const savedSecret = a.savedType !== null && a.savedType === a.type;

  function countPages() {
    const formData = new FormData();
    formData.set("orgId", orgId);
    formData.set("payload", JSON.stringify(previewInput(draft, dataSourceId)));
    startCounting(async () => {
      try {
        const answer = await countPagesAction(null, formData);
        setCount({ message: answer.message, failed: !answer.ok || Boolean(answer.ok && answer.data.fetchError) });
      } catch {
        setCount({ message: "The server could not be reached. Check your connection and try again.", failed: true });
      }
    });
  }

  return (
    <>
      <EditorSection
        title="Pagination"
        testId="section-pagination"
        description="How the partner's API hands out the next page. Every page's address passes the same checks as the URL; credentials go only to the URL's site."
      >
        <EditorSelect
          path="pagination.type"
          label="Paging style"
          value={p.type}
          error={errors["pagination.type"]}
          onChange={(e) => {
            const type = e.currentTarget.value as PaginationType;
            edit((d) => {
              d.styles.pagination.type = type;
              if (type !== "nextUrl") d.nextPagePath = "";
            }, "pagination");
          }}
          className="max-w-md"
        >
          {Object.entries(PAGINATION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </EditorSelect>
        <div className="grid gap-4 sm:grid-cols-2">
          {p.type === "nextUrl"
            ? text("nextPagePath", "Next-page path", draft.nextPagePath, errors, (value) => edit((d) => void (d.nextPagePath = value), "nextPagePath"), {
                hint: <>Where the response names the next page’s URL, such as <code className="font-mono">links.next</code>; paging ends when it is empty.</>,
              })
            : null}
          {p.type === "cursor" ? (
            <>
              {text("pagination.cursorPath", "Cursor path", p.cursorPath, errors, setP("cursorPath", "pagination.cursorPath"), { hint: <>Where the response holds the next cursor, such as <code className="font-mono">pagination.continuation</code>.</> })}
              {text("pagination.param", "Cursor parameter", p.param, errors, setP("param", "pagination.param"), { hint: "The query parameter the cursor is sent back in." })}
              {text("pagination.hasMorePath", "Has-more path", p.hasMorePath, errors, setP("hasMorePath", "pagination.hasMorePath"), { optional: true, hint: "A true/false value; paging stops at false." })}
            </>
          ) : null}
          {p.type === "page" ? (
            <>
              {text("pagination.param", "Page parameter", p.param, errors, setP("param", "pagination.param"), { placeholder: "page" })}
              {text("pagination.startAt", "First page number", p.startAt, errors, setP("startAt", "pagination.startAt"), { inputMode: "numeric" })}
              {text("pagination.sizeParam", "Page-size parameter", p.sizeParam, errors, setP("sizeParam", "pagination.sizeParam"), { optional: true, placeholder: "per_page" })}
              {text("pagination.size", "Page size", p.size, errors, setP("size", "pagination.size"), { optional: true, inputMode: "numeric", hint: "Known size: a shorter page is the last. Without it, paging stops at an empty page." })}
            </>
          ) : null}
          {p.type === "offset" ? (
            <>
              {text("pagination.offsetParam", "Offset parameter", p.offsetParam, errors, setP("offsetParam", "pagination.offsetParam"))}
              {text("pagination.limitParam", "Limit parameter", p.limitParam, errors, setP("limitParam", "pagination.limitParam"))}
              {text("pagination.limit", "Limit", p.limit, errors, setP("limit", "pagination.limit"), { inputMode: "numeric", hint: "Records per page; a shorter page is the last." })}
            </>
          ) : null}
          {text("pauseBetweenPagesMs", "Pause between pages (ms)", draft.styles.pauseBetweenPagesMs, errors, (value) => edit((d) => void (d.styles.pauseBetweenPagesMs = value), "pauseBetweenPagesMs"), {
            inputMode: "numeric",
            optional: true,
            hint: "For partners with strict rate limits; 429 and 503 answers with Retry-After are waited out anyway.",
          })}
        </div>
        {/* A fault the sample found in paging (a cursor that is not text, a bad next link). */}
        <GroupError path="pagination" error={errors.pagination} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={countPages} pending={counting} pendingLabel="Reading all pages…" disabled={countDisabledReason !== null} data-testid="count-pages">
            Fetch all pages
          </Button>
          <p role="status" aria-live="polite" className={count?.failed ? "text-sm text-red-700 dark:text-red-400" : "text-sm text-zinc-700 dark:text-zinc-300"} data-testid="page-count">
            {count?.message ?? "Counts the records and pages a run would read (at most 50 pages or 20 seconds); nothing is imported."}
          </p>
        </div>
      </EditorSection>

      <EditorSection
        title="Authentication"
        testId="section-auth"
        description="Secrets are stored encrypted, never shown again, and sent only to the URL's site (an OAuth client secret only to its token URL)."
      >
        <EditorSelect
          path="auth.type"
          label="Authentication style"
          value={a.type}
          error={errors["auth.type"]}
          onChange={(e) => {
            const type = e.currentTarget.value as AuthType;
            edit((d) => void ((d.styles.auth.type = type), (d.styles.auth.secret = "")), "auth");
          }}
          className="max-w-md"
        >
          {Object.entries(AUTH_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </EditorSelect>
        <div className="grid gap-4 sm:grid-cols-2">
          {a.type === "basic" ? text("auth.username", "User name", a.username, errors, setA("username", "auth.username")) : null}
          {a.type === "header" ? text("auth.name", "Header name", a.name, errors, setA("name", "auth.name"), { placeholder: "X-Api-Key" }) : null}
          {a.type === "query" ? text("auth.name", "Parameter name", a.name, errors, setA("name", "auth.name"), { placeholder: "api_key" }) : null}
          {a.type === "oauth2ClientCredentials" ? (
            <>
              {text("auth.tokenUrl", "Token URL", a.tokenUrl, errors, setA("tokenUrl", "auth.tokenUrl"), { type: "url", placeholder: "https://login.example.com/oauth/token" })}
              {text("auth.clientId", "Client id", a.clientId, errors, setA("clientId", "auth.clientId"))}
              {text("auth.scope", "Scope", a.scope, errors, setA("scope", "auth.scope"), { optional: true })}
            </>
          ) : null}
          {SECRET_PATH[a.type] ? (
            <EditorInput
              key={SECRET_PATH[a.type]!}
              path={SECRET_PATH[a.type]!}
              label={SECRET_LABEL[a.type]}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              placeholder={savedSecret ? "Saved: leave blank to keep" : ""}
              value={a.secret}
              error={errors[SECRET_PATH[a.type]!]}
              onChange={(e) => setA("secret", SECRET_PATH[a.type]!)(e.currentTarget.value)}
              inputClassName="font-mono"
            />
          ) : null}
        </div>
        {/* What the sample or a save learnt about the credentials (HTTP 401, a refused client). */}
        <GroupError path="auth" error={errors.auth} />
      </EditorSection>

      <EditorSection
        title="Incremental pulls"
        testId="section-incremental"
        description="Ask only for what changed: the first run reads everything; each later run sends the start of the last successful run, minus a look-back."
      >
        <label className="flex items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
          <input
            type="checkbox"
            checked={inc.enabled}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              edit((d) => void (d.styles.incremental.enabled = enabled), "incremental");
            }}
            data-testid="incremental-enabled"
          />
          Send a “changed since” parameter
        </label>
        {inc.enabled ? (
          <div className="grid gap-4 sm:grid-cols-3">
            {text("incremental.param", "Parameter", inc.param, errors, (value) => edit((d) => void (d.styles.incremental.param = value), "incremental.param"), { placeholder: "changed_since" })}
            <EditorSelect
              path="incremental.format"
              label="Format"
              value={inc.format}
              error={errors["incremental.format"]}
              onChange={(e) => {
                const format = e.currentTarget.value as "iso8601" | "unixSeconds";
                edit((d) => void (d.styles.incremental.format = format), "incremental.format");
              }}
            >
              <option value="iso8601">ISO 8601 (2026-11-27T10:00:00Z)</option>
              <option value="unixSeconds">Unix seconds</option>
            </EditorSelect>
            {text("incremental.lookbackSeconds", "Look-back (seconds)", inc.lookbackSeconds, errors, (value) => edit((d) => void (d.styles.incremental.lookbackSeconds = value), "incremental.lookbackSeconds"), { inputMode: "numeric" })}
          </div>
        ) : null}
      </EditorSection>
    </>
  );
}
