/** One field's problem, as the server lists it in a 400 answer. */
export interface FieldError {
  field: string;
  msg: string;
}

/** The body of every error answer of the API (docs/limits-and-budgets.md#limits-and-bad-input). */
export interface ApiErrorBody {
  ok: false;
  msg: string;
  errors?: FieldError[];
  /** The request's id in the server's log, for a report to the support team. */
  requestId?: string;
}
