import type { Actor } from "@/lib/domain/audit/record";

/** A console user as the actor of a change made directly in a test (the label is not their real email). */
export function testActor(userId: string, email = `user-${userId.slice(0, 8)}@example.test`): Actor {
  return { type: "user", userId, email };
}
