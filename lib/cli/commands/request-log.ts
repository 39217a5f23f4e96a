import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { listKeyRequests, REQUEST_LOG_MAX_LIMIT, requestIdSearchSchema, statusClassSchema } from "@/lib/domain/request-log/list";
import { command } from "../command";

// The Partner API request log of one key (the last 14 days), newest first.

const limit = z
  .string()
  .regex(/^\d+$/, "Expected a whole number.")
  .transform(Number)
  .pipe(z.number().int().min(1).max(REQUEST_LOG_MAX_LIMIT));

export const requestLogCommands = {
  "key:requests": command({
    summary: `--key ID [--status 2xx|4xx|429|5xx] [--route /events/{eventId}] [--request-id req_…] [--limit N ≤ ${REQUEST_LOG_MAX_LIMIT}, default 50] (the key's recorded requests, newest first)`,
    flags: z.strictObject({
      key: z.string(),
      status: statusClassSchema.optional(),
      route: z.string().max(200).optional(),
      "request-id": requestIdSearchSchema.optional(),
      limit: limit.optional(),
    }),
    run: async (flags) => {
      const key = z.uuid().safeParse(flags.key).success
        ? await getDb().apiKey.findUnique({ where: { id: flags.key }, select: { id: true, orgId: true, name: true, prefix: true } })
        : null;
      if (!key) throw new AppError("NOT_FOUND", "No such API key.");
      const { rows, more } = await listKeyRequests(key.orgId, key.id, {
        status: flags.status,
        route: flags.route,
        requestId: flags["request-id"] || undefined,
        limit: flags.limit,
      });
      return { key: { id: key.id, orgId: key.orgId, name: key.name, prefix: key.prefix }, requests: rows, more };
    },
  }),
};
