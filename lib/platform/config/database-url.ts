// Which connection strings go through a transaction pooler. A pooled DATABASE_URL is what
// serverless hosts should use; migrations cannot (their advisory lock lives in a session
// that a transaction pooler hands to someone else between statements), so a pooled
// DATABASE_URL needs a direct DATABASE_URL_UNPOOLED beside it.
//
// Recognised: Prisma's `pgbouncer=true` flag (Supabase tells its users to add it), Neon's
// pooled host (`ep-…-pooler.region.aws.neon.tech`), and port 6543 (Supabase's transaction
// pooler, and PgBouncer's customary second port). Supabase's session pooler (port 5432 on
// `pooler.supabase.com`) keeps sessions: it is the unpooled URL there, as the direct host
// is IPv6-only and Vercel's build is IPv4.

/** Why `url` looks like a transaction pooler, or null. */
export function transactionPoolerOf(url: string | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.searchParams.get("pgbouncer") === "true") return "it has ?pgbouncer=true";
  if (/-pooler\./i.test(parsed.hostname)) return `its host ${parsed.hostname} is Neon's pooler`;
  if (parsed.port === "6543") return "port 6543 is a transaction pooler's (Supabase, PgBouncer)";
  return null;
}
