"use client";

import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import type { SkipRuleDraft } from "@/lib/console/mapping-draft";
import { MAX_SKIP_RULES } from "@/lib/domain/imports/skip-rules";
import { EditorInput, EditorSelect, GroupError, type Errors } from "./editor-fields";

/**
 * The `skip` rules of a mapping (lib/domain/imports/skip-rules.ts): records whose value at
 * a path is one of the given values are left out, counted apart from errors. Rows are
 * keyed like the library's input ("mapping.skip.0.path"), so its errors land under them.
 */
export function SkipRulesEditor({
  rules,
  errors,
  pathsListId,
  onChange,
}: {
  rules: SkipRuleDraft[];
  errors: Errors;
  pathsListId: string;
  onChange: (update: (rules: SkipRuleDraft[]) => void, clear: string) => void;
}) {
  return (
    <div className="space-y-3" data-testid="skip-rules">
      <div>
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Skip records</h3>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Leave out records such as cancelled registrations: a record is skipped when any rule matches. Values compare as text, ignoring case; separate
          several values with commas; an empty value means “missing”.
        </p>
      </div>
      <GroupError path="mapping.skip" error={errors["mapping.skip"]} />
      {rules.length > 0 ? (
        <ul className="space-y-3">
          {rules.map((rule, index) => {
            const base = `mapping.skip.${index}`;
            return (
              <li key={index} className="grid items-start gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)_auto] dark:border-zinc-800" data-testid="skip-rule">
                <EditorInput
                  path={`${base}.path`}
                  label={`Rule ${index + 1}: source path`}
                  placeholder="e.g. cancelled"
                  list={pathsListId}
                  autoComplete="off"
                  spellCheck={false}
                  value={rule.path}
                  error={errors[`${base}.path`] ?? errors[base]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange((rows) => void (rows[index].path = value), `${base}.path`);
                  }}
                  inputClassName="font-mono"
                />
                <EditorSelect
                  path={`${base}.op`}
                  label="Condition"
                  value={rule.op}
                  onChange={(event) => {
                    const op = event.currentTarget.value === "in" ? "in" : "equals";
                    onChange((rows) => void (rows[index].op = op), base);
                  }}
                >
                  <option value="equals">is</option>
                  <option value="in">is one of</option>
                </EditorSelect>
                <EditorInput
                  path={`${base}.${rule.op}`}
                  label={rule.op === "in" ? "Values" : "Value"}
                  placeholder={rule.op === "in" ? "e.g. Not Attending, Refunded" : "e.g. true"}
                  autoComplete="off"
                  value={rule.values}
                  error={errors[`${base}.${rule.op}`]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange((rows) => void (rows[index].values = value), `${base}.${rule.op}`);
                  }}
                />
                <Button
                  type="button"
                  variant="ghost"
                  className="sm:mt-7"
                  aria-label={`Remove rule ${index + 1}`}
                  onClick={() => onChange((rows) => void rows.splice(index, 1), "mapping.skip")}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {rules.length < MAX_SKIP_RULES ? (
        <Button type="button" variant="secondary" onClick={() => onChange((rows) => void rows.push({ path: "", op: "equals", values: "" }), "mapping.skip")} data-testid="add-skip-rule">
          <PlusIcon className="size-4" /> Add a skip rule
        </Button>
      ) : null}
    </div>
  );
}
