"use server";

import { notFound } from "next/navigation";
import { consoleFormAction } from "@/lib/console/action";
import { AppError } from "@/lib/platform/errors/app-error";
import { acknowledgeFailureNotice } from "@/lib/domain/webhooks/failure-notices";

const acknowledge = consoleFormAction(async ({ orgId, form, actor }) => {
  try {
    await acknowledgeFailureNotice(orgId, form.text("noticeId"), actor);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
  }
  return { message: "Acknowledged.", data: null };
});

/**
 * Acknowledge from the banner (a plain `<form action>`, which shows no answer): admins only;
 * a notice already acknowledged by a colleague is no error. Another organization is the
 * 404 it is everywhere; any other refusal (a member) leaves the page as it was.
 */
export async function acknowledgeFailureNoticeAction(formData: FormData): Promise<void> {
  const result = await acknowledge(formData);
  if (!result.ok && result.code === "NOT_FOUND") notFound();
}
