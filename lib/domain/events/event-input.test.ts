import { describe, expect, it } from "vitest";
import { suggestEventSlug, updateEventSchema } from "./event-input";

describe("suggestEventSlug", () => {
  it("turns a name into a slug the schema accepts", () => {
    for (const [name, slug] of [
      ["Spring Summit 2027", "spring-summit-2027"],
      ["  Café Décor — Zürich!  ", "cafe-decor-zurich"],
      ["A/B testing & more", "a-b-testing-more"],
    ]) {
      expect(suggestEventSlug(name)).toBe(slug);
      expect(updateEventSchema.safeParse({ slug }).success).toBe(true);
    }
  });

  it("stays within 100 characters and never ends on a dash", () => {
    const slug = suggestEventSlug(`${"a".repeat(99)} b`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith("-")).toBe(false);
  });
});
