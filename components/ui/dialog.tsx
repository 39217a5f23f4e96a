"use client";

import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { cx } from "./cx";

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, traps Tab
 * and closes on Escape. Focus goes to the element marked autoFocus (or the first control)
 * and returns to `returnFocusTo` when the dialog closes, or to the page heading when that
 * control is gone (e.g. a revoked key's row lost its button). The "close" event comes a task
 * after close(): focus already put elsewhere by then (a keypress that came first, a list
 * keeping focus on a moved row) is left where it is.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  returnFocusTo,
  labelId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  returnFocusTo?: RefObject<HTMLElement | null>;
  labelId: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  const focusedBeforeOpen = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      focusedBeforeOpen.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = () => {
      const active = document.activeElement;
      // The browser's own restore puts focus back where it was before the dialog opened.
      const unchosen = !active || active === document.body || !active.isConnected || dialog.contains(active) || active === focusedBeforeOpen.current;
      if (!unchosen) return;
      const target = returnFocusTo?.current;
      if (target && target.isConnected && !target.hasAttribute("disabled")) target.focus();
      else document.querySelector<HTMLElement>("main h1")?.focus();
    };
    const handleClose = () => {
      restore();
      onClose();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, [onClose, returnFocusTo]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelId}
      aria-describedby={description ? `${labelId}-description` : undefined}
      className={cx(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-zinc-200 bg-white p-0 text-left text-zinc-900 shadow-2xl",
        "backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[2px]",
        "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
      )}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {open ? (
        <div className="p-6">
          <h2 id={labelId} className="text-base font-semibold">
            {title}
          </h2>
          {description ? (
            <div id={`${labelId}-description`} className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </div>
          ) : null}
          <div className="mt-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
