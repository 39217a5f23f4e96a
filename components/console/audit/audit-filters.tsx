import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { inputClasses } from "@/components/ui/field";
import type { AuditQuery } from "@/lib/console/audit-log";
import { describeAction, describeTargetType } from "@/lib/domain/audit/actions";

type Choice = { value: string; label: string };

const label = "text-sm font-medium text-zinc-900 dark:text-zinc-100";
const control = cx(inputClasses, "mt-1.5 border-zinc-300 dark:border-zinc-700");

function Select({ id, name, text, value, any, choices }: { id: string; name: string; text: string; value: string; any: string; choices: Choice[] }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={value} className={control}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The audit log's filters: a plain GET form, so a filtered log is a link that can be shared. */
export function AuditFilters({
  basePath,
  query,
  actors,
  actions,
  targetTypes,
  timeZone,
}: {
  basePath: string;
  query: AuditQuery;
  actors: Choice[];
  actions: string[];
  targetTypes: string[];
  timeZone: string;
}) {
  const active = Object.values(query).some(Boolean);
  return (
    <form
      method="get"
      action={basePath}
      aria-label="Filter the audit log"
      data-testid="audit-filters"
      className="grid grid-cols-1 gap-3 border-b border-zinc-200 px-4 py-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3 dark:border-zinc-800"
    >
      <Select id="audit-actor" name="actor" text="Who" value={query.actor} any="Anyone" choices={actors} />
      <Select
        id="audit-action"
        name="action"
        text="Action"
        value={query.action}
        any="Any action"
        choices={actions.map((action) => ({ value: action, label: describeAction(action) }))}
      />
      <Select
        id="audit-target-type"
        name="targetType"
        text="Target type"
        value={query.targetType}
        any="Any target"
        choices={targetTypes.map((type) => ({ value: type, label: describeTargetType(type) }))}
      />
      <div className="min-w-0">
        <label htmlFor="audit-target" className={label}>
          Target name or id
        </label>
        <input id="audit-target" name="target" defaultValue={query.target} className={control} />
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-from" className={label}>
          From (day, {timeZone})
        </label>
        <input id="audit-from" name="from" type="date" defaultValue={query.from} className={control} />
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-to" className={label}>
          To (day, {timeZone})
        </label>
        <input id="audit-to" name="to" type="date" defaultValue={query.to} className={control} />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClasses("secondary")}>
          Filter
        </button>
        {active ? (
          <Link href={basePath} className={buttonClasses("ghost")}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}
