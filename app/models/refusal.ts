/**
 * Why a model refused a change, in the terms every caller answers with: the HTTP status, the message, and
 * the fields it concerns. Pages show the message at those fields (or above the form when it concerns no
 * field); the API answers `{ message, fieldErrors }` with the status. A refusal by a limit carries its wait,
 * which both send as Retry-After. Each model keeps its refusals in one
 * table, so a page and the API can never word or number the same refusal differently.
 */
export type Refusal = {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
};

/** A refusal that concerns one field. */
export function fieldRefusal(status: number, field: string, message: string): Refusal {
  return { status, message, fieldErrors: { [field]: [message] } };
}
