"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cx, focusRing } from "./cx";

/**
 * A button that opens a small panel of links and buttons (the disclosure pattern: the
 * button says aria-expanded, the panel is ordinary content, Tab moves through it). Escape
 * closes and returns focus to the button; a click outside or leaving by Tab closes it.
 */
export function DisclosureMenu({
  button,
  buttonLabel,
  children,
  align = "left",
  buttonClassName,
  panelClassName,
  testId,
}: {
  button: ReactNode;
  buttonLabel?: string;
  children: (close: () => void) => ReactNode;
  align?: "left" | "right";
  buttonClassName?: string;
  panelClassName?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={buttonLabel}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
        className={cx("inline-flex items-center gap-2 rounded-md", focusRing, buttonClassName)}
      >
        {button}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cx(
          "absolute top-full z-40 mt-2 w-64 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900",
          align === "right" ? "right-0" : "left-0",
          panelClassName,
        )}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}

export const menuItemClasses = cx(
  "flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800",
  focusRing,
  "focus-visible:outline-offset-0",
);
