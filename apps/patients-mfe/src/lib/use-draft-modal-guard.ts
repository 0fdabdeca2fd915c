import { useCallback } from 'react';
import { useDiscardGuard, useLeaveGuard } from '@psicocampus/shared/ui';

/** What a modal form keeping a draft does on its way out. */
export interface DraftModalGuard {
  /** Cancelar, × and Escape: ask '¿Descartar los cambios?' when something was typed. */
  ask: () => void;
  /** After a save: close without asking. */
  saved: () => void;
  /** The form tells whether it holds something not saved. */
  onChangedChange: (changed: boolean) => void;
}

/**
 * A modal whose form keeps a draft (docs/sign-in-and-sessions.md#drafts):
 * closing it, or leaving the screen, asks first when something was typed,
 * and a discard confirmed forgets the draft; a save closes it without asking.
 */
export function useDraftModalGuard(
  draft: { clear: () => void },
  onClose: () => void,
): DraftModalGuard {
  const discard = useCallback(() => {
    draft.clear();
    onClose();
  }, [draft, onClose]);
  const { requestClose, saved: markSaved, onChangedChange, unsaved } = useDiscardGuard(discard);
  // Leaving the screen with the modal's text asks too; the draft survives a
  // reload (docs/screens-and-routes.md#leaving-a-form).
  useLeaveGuard(unsaved, { keptAcrossReload: true });
  const saved = useCallback(() => {
    markSaved();
    onClose();
  }, [markSaved, onClose]);
  return { ask: requestClose, saved, onChangedChange };
}
