"use client";

const WATCH_MS = 10_000;

/**
 * After an action whose refresh replaces or reorders the control that had focus, puts focus
 * on `selectors` (the first match that can take it) whenever focus is lost, until the user
 * presses a key or a pointer, or a few seconds have passed: the refresh lands after the
 * action's answer (later on a slow connection), and the browser drops focus from a node that
 * is removed or moved. Focus the user moved elsewhere is left alone. When nothing matches
 * by the end, the page heading gets focus rather than nothing.
 */
export function keepFocusOn(selectors: string[]) {
  const until = Date.now() + WATCH_MS;
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of ["keydown", "pointerdown"] as const) window.removeEventListener(type, stop, true);
  };
  for (const type of ["keydown", "pointerdown"] as const) window.addEventListener(type, stop, true);
  const tick = () => {
    if (stopped) return;
    const active = document.activeElement;
    // The page heading counts as lost too: a dialog closing after the refresh removed its
    // trigger hands focus to the heading (components/ui/dialog.tsx), which nobody chose.
    const lost = !active || active === document.body || !active.isConnected || active.matches("main h1");
    if (lost) {
      const target = selectors.map((selector) => document.querySelector<HTMLElement>(selector)).find((element) => element && !(element as HTMLButtonElement).disabled);
      if (target) target.focus();
      else if (Date.now() >= until) document.querySelector<HTMLElement>("main h1")?.focus();
    }
    if (Date.now() < until) requestAnimationFrame(tick);
    else stop();
  };
  requestAnimationFrame(tick);
}
