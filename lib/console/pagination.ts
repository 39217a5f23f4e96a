// Console tables show PAGE_SIZE rows per page, chosen with ?page=N (1-based). An invalid or
// too-large page number shows the nearest real page rather than an error.

export const PAGE_SIZE = 25;

export type PageRequest = { page: number; skip: number; take: number };

export function parsePageParam(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Clamps the requested page to the pages that exist for `total` rows. */
export function pageRequest(requested: number, total: number, pageSize: number = PAGE_SIZE): PageRequest {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), lastPage);
  return { page, skip: (page - 1) * pageSize, take: pageSize };
}

export type PageInfo = { page: number; pageSize: number; total: number; lastPage: number; from: number; to: number };

export function pageInfo(page: number, total: number, shown: number, pageSize: number = PAGE_SIZE): PageInfo {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return { page, pageSize, total, lastPage: Math.max(1, Math.ceil(total / pageSize)), from, to: from === 0 ? 0 : from + shown - 1 };
}
