import type { FormikHelpers } from 'formik';
import { fieldErrors } from '@psicocampus/shared/core';

/**
 * Puts the per-field problems of a 400 answer on the form's fields (each
 * shows its message and red border), for the fields the form has. Returns
 * how many it placed.
 */
export function applyFieldErrors<T extends object>(
  error: unknown,
  helpers: Pick<FormikHelpers<T>, 'setFieldError' | 'setFieldTouched'>,
  fields: readonly (keyof T & string)[],
): number {
  let placed = 0;
  for (const problem of fieldErrors(error)) {
    if (!(fields as readonly string[]).includes(problem.field)) continue;
    void helpers.setFieldTouched(problem.field, true, false);
    helpers.setFieldError(problem.field, problem.msg);
    placed += 1;
  }
  return placed;
}
