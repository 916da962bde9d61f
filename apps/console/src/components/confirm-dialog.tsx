import { useEffect, useRef, useState } from 'react';

/**
 * A modal question before an action that cannot be undone from here (submit with flags left,
 * close). The browser's own <dialog> traps focus and closes on Esc; with `reasonLabel` the
 * action needs a reason, which is handed to `onConfirm`.
 */
export function ConfirmDialog(props: {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  reasonLabel?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const needsReason = props.reasonLabel !== undefined;
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!needsReason || reason.trim()) props.onConfirm(reason.trim());
        }}
      >
        <h2 id="confirm-title">{props.title}</h2>
        {props.children}
        {needsReason && (
          <label className="reason">
            {props.reasonLabel}
            <textarea
              required
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        )}
        <div className="actions">
          <button type="submit" disabled={needsReason && !reason.trim()}>
            {props.confirmLabel}
          </button>
          <button type="button" autoFocus onClick={props.onCancel}>
            Go back
          </button>
        </div>
      </form>
    </dialog>
  );
}
