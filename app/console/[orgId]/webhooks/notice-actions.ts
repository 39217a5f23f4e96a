"use server";

import { revalidatePath } from "next/cache";
import { userActor } from "@/lib/console/action";
import { requireAdmin } from "@/lib/console/guard";
import { formText } from "@/lib/console/run-action";
import { AppError } from "@/lib/platform/errors/app-error";
import { acknowledgeFailureNotice } from "@/lib/domain/webhooks/failure-notices";

/** Acknowledge from the banner: admins only; a notice already acknowledged by a colleague is no error. */
export async function acknowledgeFailureNoticeAction(formData: FormData): Promise<void> {
  const orgId = formText(formData, "orgId") ?? "";
  const { user } = await requireAdmin(orgId);
  try {
    await acknowledgeFailureNotice(orgId, formText(formData, "noticeId") ?? "", userActor(user));
  } catch (error) {
    if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
  }
  revalidatePath(`/console/${orgId}`, "layout");
}
