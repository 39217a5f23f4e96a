// A paged collection: `for await` walks every item across pages by following
// meta.nextCursor; page() fetches one page for callers who keep their own cursor.

export type Page<T> = { data: T[]; meta: { nextCursor: string | null } };

export class Paged<T> implements AsyncIterable<T> {
  readonly #fetchPage: (cursor: string | undefined) => Promise<Page<T>>;

  constructor(fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {
    this.#fetchPage = fetchPage;
  }

  /** One page: the first without a cursor, the next with the previous page's meta.nextCursor. */
  page(cursor?: string): Promise<Page<T>> {
    return this.#fetchPage(cursor);
  }

  /** Every page in turn, until meta.nextCursor is null. */
  async *pages(): AsyncGenerator<Page<T>> {
    let cursor: string | undefined;
    do {
      const page = await this.#fetchPage(cursor);
      yield page;
      cursor = page.meta.nextCursor ?? undefined;
    } while (cursor);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item in memory; for small collections. */
  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
