"use client";

import { useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

/**
 * Move up / Move down for one item of an ordered list (tracks, rooms, sponsors, info
 * sections): keyboard-operable buttons rather than drag and drop. The server action
 * re-checks the admin and moves the item in the order the Partner API serves. The first
 * item has no "up" and the last no "down" (disabled, so the row layout stays put).
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
  const move = (direction: "up" | "down") => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    formData.set("direction", direction);
    startTransition(async () => {
      try {
        const result = await action(null, formData);
        toast(result.message, result.ok ? "success" : "error");
      } catch {
        toast("The server could not be reached. Check your connection and try again.", "error");
      }
    });
  };
  return (
    <span className="inline-flex gap-1">
      <Button variant="ghost" size="sm" disabled={first || pending} onClick={() => move("up")} data-testid="move-up">
        <span aria-hidden>↑</span>
        <span className="sr-only">Move {itemName} up</span>
      </Button>
      <Button variant="ghost" size="sm" disabled={last || pending} onClick={() => move("down")} data-testid="move-down">
        <span aria-hidden>↓</span>
        <span className="sr-only">Move {itemName} down</span>
      </Button>
    </span>
  );
}
