import { useEffect, useRef, useState } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { Modal } from '@psicocampus/shared/ui';
import { ForgotPasswordForm } from './forgot-password-form.component';

/** docs/screens-and-routes.md#states-and-transitions: after a successful request the message shows and the modal closes after 5 s. */
export const CLOSE_AFTER_SENT_MS = 5000;

export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [sentAt, setSentAt] = useState<number | null>(null);
  // The latest onClose: a parent re-rendering must not restart the 5 s.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (sentAt === null) return;
    const timer = setTimeout(() => {
      setSentAt(null);
      onCloseRef.current();
    }, CLOSE_AFTER_SENT_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  return (
    <Modal
      open={open}
      title={MSG.auth.forgotTitle}
      size="small"
      onClose={() => {
        setSentAt(null);
        onClose();
      }}
    >
      <p>{MSG.auth.forgotText}</p>
      {/* A fresh form each time the modal opens. */}
      {open && <ForgotPasswordForm onSent={() => setSentAt(Date.now())} />}
    </Modal>
  );
}
