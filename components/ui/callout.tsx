import type { ReactNode } from "react";
import { cx } from "./cx";
import { AlertIcon, InfoIcon, LockIcon } from "./icons";

export type CalloutTone = "info" | "warning" | "danger";

const TONES: Record<CalloutTone, string> = {
  info: "border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100",
  danger: "border-red-300 bg-red-50 text-red-950 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-100",
};

const ICON_TONES: Record<CalloutTone, string> = {
  info: "text-indigo-600 dark:text-indigo-300",
  warning: "text-amber-600 dark:text-amber-300",
  danger: "text-red-600 dark:text-red-300",
};

/** A boxed message with an icon: notices, warnings, the lock banner. */
export function Callout({
  tone = "info",
  title,
  children,
  icon,
  className,
  ...rest
}: {
  tone?: CalloutTone;
  title?: ReactNode;
  children?: ReactNode;
  icon?: "info" | "alert" | "lock";
  className?: string;
} & Omit<React.HTMLAttributes<HTMLDivElement>, "title">) {
  const Icon = icon === "lock" ? LockIcon : icon === "alert" || tone !== "info" ? AlertIcon : InfoIcon;
  return (
    <div className={cx("flex gap-3 rounded-lg border px-4 py-3 text-sm", TONES[tone], className)} {...rest}>
      <Icon className={cx("mt-0.5 size-4 shrink-0", ICON_TONES[tone])} />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="leading-6 opacity-90">{children}</div> : null}
      </div>
    </div>
  );
}
