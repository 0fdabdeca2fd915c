import { useEffect } from 'react';
import { MSG } from '@psicocampus/shared';
import { confirmAction } from '@psicocampus/shared/ui';

/** '¿Estás seguro?' before throwing away answers not yet saved; true to discard. */
export function confirmDiscard(): Promise<boolean> {
  return confirmAction(MSG.common.confirmTitle, MSG.common.discardText, MSG.common.discardConfirm);
}

/** While `active`, the browser asks before the page is closed or reloaded. */
export function useLeavePageWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
