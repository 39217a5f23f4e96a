// What a console server action answers. Plain data (no classes), so it crosses to the
// client and feeds useActionState; this module imports nothing so client code can use it.

export type FieldErrors = Record<string, string>;

export type ActionSuccess<T> = { ok: true; message: string; data: T };

export type ActionFailure = {
  ok: false;
  message: string;
  /** The AppError code (the API's codes), e.g. PAYMENT_REQUIRED or FORBIDDEN. */
  code: string;
  /** details.reason of the AppError, e.g. payment_required, admin_required, key_limit_reached. */
  reason?: string;
  /** Messages keyed by form field name, shown under the inputs. */
  fields?: FieldErrors;
};

export type ActionResult<T = null> = ActionSuccess<T> | ActionFailure;

/** The state before the first submission. */
export type ActionState<T = null> = ActionResult<T> | null;
