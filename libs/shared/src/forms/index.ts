/**
 * Forms: Formik (re-exported here so the whole page uses one Formik, the
 * shared singleton's) and the product's accessible fields.
 */
export {
  Form,
  Formik,
  useField,
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
} from 'formik';
export type { FormikErrors, FormikHelpers, FormikProps } from 'formik';
export * from './form-fields.component';
// Kept here too: forms are where the front ends look for them.
export { allErrorMessages, firstErrorMessage } from '@psicocampus/shared/domain';
export * from './guarded-form.component';
export * from './use-caps-lock';
export * from './apply-field-errors';
export * from './drafts';
export * from './ask-before-leaving.component';
// The Combobox has an entry of its own (@psicocampus/shared/combobox): this one
// is loaded on /login, whose budget has no room for a field only the agenda uses.
