import { useFormikContext } from 'formik';
import { useLeaveGuard, type LeaveGuardOptions } from '@psicocampus/shared/ui';

/**
 * Inside a Formik form with no draft of its own: while what it holds differs
 * from what it started with, leaving the screen asks '¿Descartar los
 * cambios?' first, and the browser warns before the tab is closed or reloaded
 * (docs/screens-and-routes.md#leaving-a-form). A form whose draft survives a
 * reload says so with `keptAcrossReload`.
 */
export function AskBeforeLeaving(options: LeaveGuardOptions) {
  const { dirty } = useFormikContext();
  useLeaveGuard(dirty, options);
  return null;
}
