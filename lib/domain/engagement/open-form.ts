import { setFormStatus } from "./set-form-status";

/** draft or closed → open: the form accepts answers (submissions are refused otherwise). */
export function openForm(orgId: string, formId: string) {
  return setFormStatus(orgId, formId, "open");
}
