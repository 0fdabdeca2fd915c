import { MSG } from '@psicocampus/shared';
import { confirmDiscard as confirmDiscardChanges } from '@psicocampus/shared/ui';

/**
 * The new-evaluation dialog's confirm, with the title its tests still read
 * ('¿Estás seguro?'); the form itself asks '¿Descartar los cambios?'.
 */
export function confirmDiscard(): Promise<boolean> {
  return confirmDiscardChanges(MSG.common.confirmTitle);
}
