import { useEffect } from 'react';
import { useFormikContext } from 'formik';
import type { Draft } from './use-draft';

interface Props<T> {
  draft: Draft<T>;
  /** Told whether the form holds something typed, on every change. */
  onChangedChange?: (changed: boolean) => void;
}

/** Inside a Formik form: keeps its values as `draft` while they are written. */
export function KeepDraft<T>({ draft, onChangedChange }: Props<T>) {
  const { values } = useFormikContext<T>();
  useEffect(() => {
    draft.keep(values);
    onChangedChange?.(draft.isChanged(values));
  }, [draft, onChangedChange, values]);
  return null;
}
