import { createContext, useContext } from 'react';

/**
 * Every control of the form has an id derived from the answer it holds
 * ('actualAttempt.description' → '…actualAttempt-description'), so a
 * 'Validación' problem or a server's field error can move focus to it.
 */
export type FieldIdOf = (path: string) => string;

export function fieldIdFactory(prefix: string): FieldIdOf {
  return (path) => `${prefix}-${path.replace(/\./g, '-')}`;
}

export const FieldIdContext = createContext<FieldIdOf>(fieldIdFactory('assessment'));

export function useFieldId(path: string): string {
  return useContext(FieldIdContext)(path);
}

/** Moves focus to a control (and brings it into view); nothing when it is not shown. */
export function focusControl(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
}
