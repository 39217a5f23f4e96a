"use client";

import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cx, focusRing } from "@/components/ui/cx";
import { inputClasses } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { SIMPLE_TRANSFORMS, inputIdFor, newTransform, type FieldDraft, type MapFallback, type TransformDraft, type TransformOp } from "@/lib/console/mapping-draft";
import { EditorInput, GroupError, type Errors } from "./editor-fields";

const OP_LABEL: Record<TransformOp, string> = {
  trim: "Trim spaces",
  lowercase: "Lowercase",
  uppercase: "Uppercase",
  number: "To number",
  parseDate: "Parse date",
  map: "Map values",
};

const OP_HELP: Record<TransformOp, string> = {
  trim: "Removes spaces at both ends.",
  lowercase: "Turns the text into lower case.",
  uppercase: "Turns the text into upper case.",
  number: "Reads the value as a number (\"120\" becomes 120).",
  parseDate: "Reads a date text. With an offset or Z it is kept as is; without one it is read in the time zone below.",
  map: "Translates the partner's values into yours, such as Keynote → keynote.",
};

const MAX_TRANSFORMS = 10;

type Props = {
  name: string;
  spec: { help: string; kind: string; missing: string; label: string; example: string };
  field: FieldDraft;
  errors: Errors;
  pathsListId: string;
  zonesListId: string;
  eventTimezone: string | null;
  onChange: (update: (field: FieldDraft) => void, clear: string) => void;
};

/** One target field: where its value comes from, the transforms it goes through, a default. */
export function FieldMapping({ name, spec, field, errors, pathsListId, zonesListId, eventTimezone, onChange }: Props) {
  const base = `mapping.fields.${name}`;
  const required = spec.missing === "required";
  const fieldError = errors[base];
  const [adding, setAdding] = useState<TransformOp | "">("");
  const addId = useId();
  const ops: TransformOp[] = [...SIMPLE_TRANSFORMS, ...(spec.kind === "date" ? (["parseDate"] as const) : []), "map"];

  return (
    <li className={cx("rounded-lg border p-4", fieldError ? "border-red-400 dark:border-red-500/60" : "border-zinc-200 dark:border-zinc-800")} data-testid={`mapping-${name}`}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{spec.label}</h3>
        {required ? <Badge tone="blue">Required</Badge> : <Badge>Optional</Badge>}
        <p className="w-full text-xs text-zinc-600 dark:text-zinc-400">{spec.help}</p>
      </div>
      <GroupError path={base} error={fieldError} />
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <EditorInput
          path={`${base}.path`}
          label={`Source path for ${spec.label}`}
          placeholder={`e.g. ${spec.example}`}
          list={pathsListId}
          autoComplete="off"
          spellCheck={false}
          value={field.path}
          error={errors[`${base}.path`]}
          invalidBecause={fieldError ? `${inputIdFor(base)}-error` : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange((f) => void (f.path = value), `${base}.path`);
          }}
          inputClassName="font-mono"
        />
        <EditorInput
          path={`${base}.default`}
          label="Default when missing"
          optional
          placeholder={spec.missing === "null" ? "Cleared" : spec.missing === "empty" ? "Empty" : spec.missing === "omit" ? "Left to the service" : "Record skipped"}
          value={field.defaultValue}
          error={errors[`${base}.default`]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange((f) => void (f.defaultValue = value), `${base}.default`);
          }}
        />
      </div>

      {field.transforms.length > 0 ? (
        <ol className="mt-4 space-y-3" aria-label={`Transforms of ${spec.label}, applied in order`}>
          {field.transforms.map((transform, index) => (
            <TransformRow
              key={index}
              path={`${base}.transform.${index}`}
              fieldName={spec.label}
              index={index}
              transform={transform}
              errors={errors}
              zonesListId={zonesListId}
              eventTimezone={eventTimezone}
              onChange={(update) => onChange((f) => update(f.transforms[index]), `${base}.transform.${index}`)}
              onRemove={() => onChange((f) => void f.transforms.splice(index, 1), `${base}.transform`)}
            />
          ))}
        </ol>
      ) : null}
      <GroupError path={`${base}.transform`} error={errors[`${base}.transform`]} />

      {field.transforms.length < MAX_TRANSFORMS ? (
        <div className="mt-3 flex items-end gap-2">
          <div>
            <label htmlFor={addId} className="sr-only">
              Transform to add to {spec.label}
            </label>
            <select
              id={addId}
              value={adding}
              onChange={(event) => setAdding(event.currentTarget.value as TransformOp | "")}
              className={cx(inputClasses, "h-8 border-zinc-300 py-1 text-sm dark:border-zinc-700")}
            >
              <option value="">Add a transform…</option>
              {ops.map((op) => (
                <option key={op} value={op}>
                  {OP_LABEL[op]}
                </option>
              ))}
            </select>
          </div>
          <Button
            size="sm"
            variant="secondary"
            disabled={adding === ""}
            onClick={() => {
              if (adding === "") return;
              const op = adding;
              onChange((f) => void f.transforms.push(newTransform(op)), `${base}.transform`);
              setAdding("");
            }}
          >
            <PlusIcon />
            Add<span className="sr-only"> transform to {spec.label}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function TransformRow({
  path,
  fieldName,
  index,
  transform,
  errors,
  zonesListId,
  eventTimezone,
  onChange,
  onRemove,
}: {
  path: string;
  fieldName: string;
  index: number;
  transform: TransformDraft;
  errors: Errors;
  zonesListId: string;
  eventTimezone: string | null;
  onChange: (update: (transform: TransformDraft) => void) => void;
  onRemove: () => void;
}) {
  const own = new Set([`${path}.timezone`, `${path}.format`]);
  // Anything else about this transform (parseDate not last, a map table problem) shows on the row.
  const rowError = Object.entries(errors).find(([key]) => (key === path || key.startsWith(`${path}.`)) && !own.has(key))?.[1];
  return (
    <li className={cx("rounded-md border bg-zinc-50/70 p-3 dark:bg-zinc-950/40", rowError ? "border-red-400 dark:border-red-500/60" : "border-zinc-200 dark:border-zinc-800")} data-testid="transform">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            <span className="text-zinc-500 dark:text-zinc-400">{index + 1}.</span> {OP_LABEL[transform.op]}
          </p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{OP_HELP[transform.op]}</p>
        </div>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          Remove<span className="sr-only"> transform {index + 1} ({OP_LABEL[transform.op]}) of {fieldName}</span>
        </Button>
      </div>
      <GroupError path={path} error={rowError} />
      {transform.op === "parseDate" ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <EditorInput
            path={`${path}.timezone`}
            label="Time zone"
            optional
            list={zonesListId}
            autoComplete="off"
            spellCheck={false}
            placeholder={eventTimezone ? `The event's: ${eventTimezone}` : "The event's time zone"}
            hint="For date texts without an offset. An IANA name such as Europe/Amsterdam."
            value={transform.timezone}
            error={errors[`${path}.timezone`]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange((t) => void (t.op === "parseDate" && (t.timezone = value)));
            }}
          />
          <EditorInput
            path={`${path}.format`}
            label="Format"
            optional
            autoComplete="off"
            spellCheck={false}
            placeholder="ISO 8601"
            hint={
              <>
                Tokens YYYY MM DD HH mm ss (also M D H h A MMM MMMM SSS Z), or <code className="font-mono">unix</code> /{" "}
                <code className="font-mono">unix-ms</code>. Example: DD-MM-YYYY HH:mm
              </>
            }
            value={transform.format}
            error={errors[`${path}.format`]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange((t) => void (t.op === "parseDate" && (t.format = value)));
            }}
            inputClassName="font-mono"
          />
        </div>
      ) : null}
      {transform.op === "map" ? <MapTable transform={transform} onChange={onChange} /> : null}
    </li>
  );
}

const FALLBACKS: { value: MapFallback; label: string }[] = [
  { value: "skip", label: "Skip the record" },
  { value: "missing", label: "Treat as missing" },
  { value: "value", label: "Use this value:" },
];

function MapTable({
  transform,
  onChange,
}: {
  transform: Extract<TransformDraft, { op: "map" }>;
  onChange: (update: (transform: TransformDraft) => void) => void;
}) {
  const groupId = useId();
  const edit = (update: (t: Extract<TransformDraft, { op: "map" }>) => void) => onChange((t) => void (t.op === "map" && update(t)));
  return (
    <div className="mt-3 space-y-3">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="text-left text-xs text-zinc-500 dark:text-zinc-400">
            <th scope="col" className="pb-1 font-medium">
              Source value
            </th>
            <th scope="col" className="pb-1 pl-2 font-medium">
              Becomes
            </th>
            <th scope="col" className="pb-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {transform.rows.map((row, i) => (
            <tr key={i}>
              <td className="pb-2">
                <input
                  aria-label={`Source value ${i + 1}`}
                  className={cx(inputClasses, "border-zinc-300 py-1.5 dark:border-zinc-700")}
                  value={row.from}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    edit((t) => void (t.rows[i].from = value));
                  }}
                />
              </td>
              <td className="pb-2 pl-2">
                <input
                  aria-label={`Becomes, for source value ${i + 1}`}
                  className={cx(inputClasses, "border-zinc-300 py-1.5 dark:border-zinc-700")}
                  value={row.to}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    edit((t) => void (t.rows[i].to = value));
                  }}
                />
              </td>
              <td className="w-0 pb-2 pl-1">
                <Button size="sm" variant="ghost" disabled={transform.rows.length === 1} onClick={() => edit((t) => void t.rows.splice(i, 1))}>
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">Remove row {i + 1}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="sm" variant="secondary" onClick={() => edit((t) => void t.rows.push({ from: "", to: "" }))}>
        <PlusIcon />
        Add row
      </Button>
      <fieldset className="space-y-1.5">
        <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">A value not in the table</legend>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {FALLBACKS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input
                type="radio"
                name={`${groupId}-fallback`}
                value={option.value}
                checked={transform.fallback === option.value}
                onChange={() => edit((t) => void (t.fallback = option.value))}
                className={cx("size-4 accent-indigo-600", focusRing)}
              />
              {option.label}
            </label>
          ))}
          <input
            aria-label="Value for anything not in the table"
            disabled={transform.fallback !== "value"}
            className={cx(inputClasses, "w-40 border-zinc-300 py-1.5 dark:border-zinc-700")}
            value={transform.fallbackValue}
            onChange={(event) => {
              const value = event.currentTarget.value;
              edit((t) => void (t.fallbackValue = value));
            }}
          />
        </div>
      </fieldset>
    </div>
  );
}
