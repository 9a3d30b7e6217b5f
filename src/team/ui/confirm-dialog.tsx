import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the action runs. */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the dialog closing any other way. */
  onClose: () => void;
}

/**
 * A native modal dialog: the browser keeps focus inside it and Escape closes it. Focus starts on
 * Cancel, the harmless choice, and goes back to whatever opened it when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      cancel.current?.focus();
      return () => {
        if (element.open) element.close();
        opener?.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => {
        // Escape while the request is on its way would hide what is happening.
        if (busy) event.preventDefault();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button
          type="button"
          className="button button--secondary"
          ref={cancel}
          onClick={onClose}
          disabled={busy}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
