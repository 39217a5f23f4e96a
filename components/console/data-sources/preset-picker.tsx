"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { skipRulesFromStored, type TransformDraft } from "@/lib/console/mapping-draft";
import { stylesFromSource } from "@/lib/console/source-styles-draft";
import { DATA_SOURCE_PRESETS, applyPreset } from "@/lib/domain/imports/presets";
import { EditorInput, EditorSection, EditorSelect } from "./editor-fields";
import type { DraftEdit } from "./use-source-draft";

/**
 * A preset fills the URL, paging, authentication, records path and mapping for a
 * registration system from its public API documentation; the organiser gives only their
 * ids and token. Everything stays editable below.
 */
export function PresetPicker({ edit }: { edit: DraftEdit }) {
  const [presetId, setPresetId] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const preset = DATA_SOURCE_PRESETS.find((p) => p.id === presetId) ?? null;

  function use() {
    if (!preset) return;
    const applied = applyPreset(preset, values);
    if (!applied.ok) {
      setMissing(applied.missing);
      return;
    }
    setMissing([]);
    const { config } = applied;
    edit((d) => {
      if (d.name.trim() === "") d.name = preset.label;
      d.url = config.url;
      d.recordsPath = config.recordsPath;
      d.nextPagePath = config.pagination.type === "nextUrl" ? config.pagination.path : "";
      d.styles = stylesFromSource({ pagination: config.pagination, incremental: config.incremental, auth: { type: "none" } });
      const auth = config.auth;
      d.styles.auth = {
        ...d.styles.auth,
        type: auth.type,
        secret: auth.type === "bearer" ? auth.token : auth.type === "header" ? auth.value : "",
        name: auth.type === "header" ? auth.name : "",
      };
      d.recordIdPath = config.mapping.recordIdPath ?? "";
      d.skipRules = skipRulesFromStored(config.mapping.skip);
      for (const [name, field] of Object.entries(config.mapping.fields)) {
        if (!field || !d.fields[name]) continue;
        d.fields[name] = { path: field.path ?? "", transforms: (field.transform ?? []).map((t) => ({ op: (t as { op: string }).op }) as TransformDraft), defaultValue: "" };
      }
    }, "url");
  }

  return (
    <EditorSection
      title="Start from a preset"
      testId="section-presets"
      description="For Eventbrite, Tito, pretix or HubSpot: the address, paging, authentication and mapping come from the provider's documentation; you give your ids and token."
    >
      <EditorSelect
        path="preset"
        label="Registration system"
        value={presetId}
        onChange={(e) => {
          const id = e.currentTarget.value;
          setPresetId(id);
          setMissing([]);
          const chosen = DATA_SOURCE_PRESETS.find((p) => p.id === id);
          setValues(Object.fromEntries((chosen?.inputs ?? []).map((input) => [input.key, input.default ?? ""])));
        }}
        className="max-w-md"
      >
        <option value="">No preset: configure by hand</option>
        {DATA_SOURCE_PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </EditorSelect>
      {preset ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {preset.description}{" "}
            <a href={preset.docsUrl} className="underline" target="_blank" rel="noreferrer">
              Provider documentation
            </a>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {preset.inputs.map((input) => (
              <EditorInput
                key={`${preset.id}-${input.key}`}
                path={`preset.${input.key}`}
                label={input.label}
                hint={input.help}
                type={input.secret ? "password" : "text"}
                autoComplete={input.secret ? "new-password" : "off"}
                spellCheck={false}
                value={values[input.key] ?? ""}
                error={missing.includes(input.key) ? `Give the ${input.label.toLowerCase()}.` : undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((current) => ({ ...current, [input.key]: value }));
                }}
                inputClassName="font-mono"
              />
            ))}
          </div>
          <Button variant="secondary" onClick={use} data-testid="use-preset">
            Use this preset
          </Button>
          <FieldError id="ds-preset-error">{missing.length > 0 ? "Fill in the values above to use the preset." : undefined}</FieldError>
        </>
      ) : null}
    </EditorSection>
  );
}
