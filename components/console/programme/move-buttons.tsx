"use client";

import { useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { keepFocusOn } from "@/components/forms/keep-focus";

/**
 * Move up / Move down for one item of an ordered list (tracks, rooms, sponsors, info
 * sections): keyboard-operable buttons rather than drag and drop. The server action
 * re-checks the admin and moves the item in the order the Partner API serves. The first
 * item has no "up" and the last no "down": aria-disabled rather than disabled, so the
 * button keeps focus when a move makes its row the first or the last.
 */
export function MoveButtons({
  action,
  fields,
  itemName,
  first,
  last,
}: {
  action: FormAction<null>;
  fields: Record<string, string>;
  itemName: string;
  first: boolean;
  last: boolean;
}) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const itemKey = `${fields.list ?? ""}:${fields.id ?? ""}`;
  const move = (direction: "up" | "down") => {
    if (pending || (direction === "up" ? first : last)) return;
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    formData.set("direction", direction);
    startTransition(async () => {
      try {
        const result = await action(null, formData);
        toast(result.message, result.ok ? "success" : "error");
        // The refresh reorders the rows and the browser drops focus from the moved one.
        if (result.ok) keepFocusOn([`[data-move-item="${CSS.escape(itemKey)}"] [data-direction="${direction}"]`]);
      } catch {
        toast("The server could not be reached. Check your connection and try again.", "error");
      }
    });
  };
  const inert = (edge: boolean) => ({
    "aria-disabled": edge || pending || undefined,
    className: edge ? "cursor-not-allowed opacity-50 hover:bg-transparent dark:hover:bg-transparent" : undefined,
  });
  return (
    <span className="inline-flex gap-1" data-move-item={itemKey}>
      <Button variant="ghost" size="sm" {...inert(first)} onClick={() => move("up")} data-testid="move-up" data-direction="up">
        <span aria-hidden>↑</span>
        <span className="sr-only">Move {itemName} up</span>
      </Button>
      <Button variant="ghost" size="sm" {...inert(last)} onClick={() => move("down")} data-testid="move-down" data-direction="down">
        <span aria-hidden>↓</span>
        <span className="sr-only">Move {itemName} down</span>
      </Button>
    </span>
  );
}
