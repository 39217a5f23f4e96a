import { cx } from "@/components/ui/cx";

/**
 * A key's IP allowlist: its ranges, or that any address may use it. Server-safe (no state),
 * for the keys table, the created-key result and the key page.
 */
export function AllowedIps({ ranges, className }: { ranges: readonly string[]; className?: string }) {
  if (ranges.length === 0) {
    return (
      <span className={cx("text-sm text-zinc-600 dark:text-zinc-400", className)} data-testid="allowed-ips">
        Any address
      </span>
    );
  }
  return (
    <ul className={cx("flex flex-col gap-0.5 font-mono text-xs text-zinc-800 dark:text-zinc-200", className)} aria-label="Allowed IP ranges" data-testid="allowed-ips">
      {ranges.map((range) => (
        <li key={range} className="break-all">
          {range}
        </li>
      ))}
    </ul>
  );
}
