import { setFormStatus } from "./set-form-status";

/** open → closed: new answers are refused with 409 form_not_open; existing ones stay. */
export function closeForm(orgId: string, formId: string) {
  return setFormStatus(orgId, formId, "closed");
}
