"use client";

const WATCH_MS = 3_000;

/**
 * After an action whose refresh replaces or reorders the control that had focus, puts focus
 * on `selector` (the first match that can take it) whenever focus is lost, for a short while:
 * the refresh lands after the action's answer, and the browser drops focus from a node that
 * is removed or moved. Focus the user moved elsewhere in the meantime is left alone. When
 * nothing matches by the end, the page heading gets focus rather than nothing.
 */
export function keepFocusOn(selectors: string[]) {
  const until = Date.now() + WATCH_MS;
  const tick = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost) {
      const target = selectors.map((selector) => document.querySelector<HTMLElement>(selector)).find((element) => element && !(element as HTMLButtonElement).disabled);
      if (target) target.focus();
      else if (Date.now() >= until) document.querySelector<HTMLElement>("main h1")?.focus();
    }
    if (Date.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
