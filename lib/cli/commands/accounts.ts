import { z } from "zod";
import { createResetLinkForOperator } from "@/lib/auth/password-reset";
import { command } from "../command";

export const accountCommands = {
  "user:reset-link": command({
    summary: "--email E (a single-use password reset link, valid one hour, to pass on when the deployment sends no mail)",
    flags: z.strictObject({ email: z.string() }),
    run: async ({ email }) => ({ reset: await createResetLinkForOperator(email) }),
  }),
};
