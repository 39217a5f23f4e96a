import { notFound } from "next/navigation";
import { AppError } from "@/lib/platform/errors/app-error";
import { getDataSource } from "@/lib/domain/imports/data-sources";

/** The organization's source, or the 404 page (another organization's id, an unknown or malformed one). */
export async function loadSource(orgId: string, dataSourceId: string) {
  try {
    return await getDataSource(orgId, dataSourceId);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
