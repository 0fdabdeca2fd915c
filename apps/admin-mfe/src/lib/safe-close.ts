import { isDialogOpen } from '@psicocampus/shared/ui';

/**
 * A modal's close handler that ignores the Escape meant for a dialog shown
 * on top of it (an error after a failed save), so what was typed in the
 * modal is not thrown away with the dialog.
 */
export function closeUnlessDialogOpen(close: () => void): () => void {
  return () => {
    if (!isDialogOpen()) close();
  };
}
