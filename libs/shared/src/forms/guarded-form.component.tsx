import { useFormikContext, type FormikTouched } from 'formik';
import type { FormEvent, ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { allErrorMessages } from '@psicocampus/shared/domain';

interface Props {
  schema: AnyObjectSchema;
  /**
   * Called, instead of submitting, with every field's message when the form
   * is submitted with invalid values (a screen shows them in one warning).
   */
  onInvalid: (messages: string[]) => void;
  children: ReactNode;
  className?: string;
}

/**
 * A Formik form that, when submitted with invalid values (the submit button
 * is disabled, but Enter or a script can still submit), sends nothing: it
 * marks every field touched so each shows its message, and hands the list
 * of messages to `onInvalid` (docs/rules-and-messages.md#validation-rules: all errors joined in one alert).
 */
export function GuardedForm<T extends object>({ schema, onInvalid, children, className }: Props) {
  const formik = useFormikContext<T>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (formik.isSubmitting) return;
    const messages = allErrorMessages(schema, formik.values);
    if (messages.length) {
      const touched = Object.fromEntries(
        Object.keys(schema.fields).map((name) => [name, true]),
      ) as FormikTouched<T>;
      void formik.setTouched(touched, true);
      onInvalid(messages);
      return;
    }
    void formik.submitForm();
  }

  return (
    <form className={className} onSubmit={onSubmit} onReset={formik.handleReset} noValidate>
      {children}
    </form>
  );
}
