import type { getDMMF } from "@prisma/internals";
import type pg from "pg";

// The shape of a PostgreSQL schema as sorted lists of one-line descriptions, computed
// either from the Prisma datamodel (what `prisma migrate` would create) or from the
// catalogs of a live database. Comparing the two lists shows exactly what drifted.
// Used by lib/platform/db/schema-drift.test.ts; test-only (it imports @prisma/internals types).

export type Datamodel = Awaited<ReturnType<typeof getDMMF>>["datamodel"];
type Model = Datamodel["models"][number];
type Field = Model["fields"][number];

export const SECTIONS = ["tables", "columns", "enums", "indexes", "foreignKeys", "defaults"] as const;
export type Section = (typeof SECTIONS)[number];
export type SchemaShape = Record<Section, string[]>;

/** Expected default of a column whose value the schema leaves to the database. */
export const UNCHECKED_DEFAULT = "(not checked)";

const sorted = (lines: string[]) => [...lines].sort();

// ───────────────────────────── Expected: from the Prisma datamodel ─────────────────────────────

const tableOf = (model: Model) => model.dbName ?? model.name;
const columnOf = (field: Field) => field.dbName ?? field.name;
const hasColumn = (field: Field) => field.kind === "scalar" || field.kind === "enum";

function fieldByName(model: Model, name: string): Field {
  const field = model.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${model.name}.${name} is not a field`);
  return field;
}

function modelByName(datamodel: Datamodel, name: string): Model {
  const model = datamodel.models.find((m) => m.name === name);
  if (!model) throw new Error(`${name} is not a model`);
  return model;
}

/** The element type PostgreSQL reports for a field (as `pg_type.typname` plus modifier), without `[]`. */
export function expectedBaseType(datamodel: Datamodel, field: Field): string {
  if (field.kind === "enum") {
    const enumType = datamodel.enums.find((e) => e.name === field.type);
    return enumType?.dbName ?? field.type;
  }
  const [native, args = []] = field.nativeType ?? [null, []];
  const withArgs = (name: string, fallbackArgs: readonly string[] = []) => {
    const used = args.length > 0 ? args : fallbackArgs;
    return used.length > 0 ? `${name}(${used.join(",")})` : name;
  };
  switch (field.type) {
    case "String":
      switch (native) {
        case null:
        case "Text":
          return "text";
        case "VarChar":
          return withArgs("varchar");
        case "Char":
          return withArgs("bpchar", ["1"]);
        case "Bit":
          return withArgs("bit", ["1"]);
        case "VarBit":
          return withArgs("varbit");
        default:
          return withArgs(native.toLowerCase());
      }
    case "Int":
      return native === "SmallInt" ? "int2" : native === "Oid" ? "oid" : "int4";
    case "BigInt":
      return "int8";
    case "Float":
      return native === "Real" ? "float4" : "float8";
    case "Decimal":
      if (native === "Money") return "money";
      // Prisma's DECIMAL without a native type is DECIMAL(65,30).
      return native === null ? "numeric(65,30)" : withArgs("numeric");
    case "Boolean":
      return "bool";
    case "DateTime":
      switch (native) {
        // Prisma's DateTime without a native type is TIMESTAMP(3), without time zone.
        case null:
          return "timestamp(3)";
        case "Timestamp":
          return withArgs("timestamp");
        case "Timestamptz":
          return withArgs("timestamptz");
        case "Time":
          return withArgs("time");
        case "Timetz":
          return withArgs("timetz");
        default:
          return withArgs(native.toLowerCase());
      }
    case "Json":
      return native === "Json" ? "json" : "jsonb";
    case "Bytes":
      return "bytea";
    default:
      return withArgs((native ?? field.type).toLowerCase());
  }
}

const ON_DELETE_SQL: Record<string, string> = {
  Cascade: "CASCADE",
  SetNull: "SET NULL",
  SetDefault: "SET DEFAULT",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
};

function expectedDefault(datamodel: Datamodel, field: Field, baseType: string): string | null {
  const value = field.default;
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    return `[${value.map((v) => expectedLiteral(datamodel, field, baseType, v)).join(", ")}]`;
  }
  if (typeof value === "object") {
    const fn = value as { name: string; args: readonly (string | number)[] };
    switch (fn.name) {
      case "now":
        return "now()";
      case "autoincrement":
      case "sequence":
        return "autoincrement()";
      case "dbgenerated":
        // dbgenerated() without an expression: the value comes from the database in a
        // way Prisma does not manage (trigger, manual default...).
        return fn.args.length > 0 ? canonicalDefault(String(fn.args[0]), baseType) : UNCHECKED_DEFAULT;
      case "uuid":
      case "cuid":
      case "nanoid":
      case "ulid":
        return null; // computed by Prisma Client, nothing in the database
      default:
        return UNCHECKED_DEFAULT;
    }
  }
  return expectedLiteral(datamodel, field, baseType, value);
}

function expectedLiteral(datamodel: Datamodel, field: Field, baseType: string, value: string | number | boolean) {
  if (field.kind === "enum") {
    const enumType = datamodel.enums.find((e) => e.name === field.type);
    const member = enumType?.values.find((v) => v.name === value);
    return canonicalLiteral(member?.dbName ?? String(value), baseType);
  }
  return canonicalLiteral(String(value), baseType);
}

/** What `prisma migrate` creates for this datamodel, in the form {@link actualSchema} reads. */
export function expectedSchema(datamodel: Datamodel): SchemaShape {
  const shape: SchemaShape = { tables: [], columns: [], enums: [], indexes: [], foreignKeys: [], defaults: [] };

  for (const model of datamodel.models) {
    const table = tableOf(model);
    shape.tables.push(table);
    for (const field of model.fields) {
      if (hasColumn(field)) {
        const base = expectedBaseType(datamodel, field);
        // Prisma never puts NOT NULL on a list column, whatever the field says.
        const notNull = field.isRequired && !field.isList;
        shape.columns.push(columnLine(table, columnOf(field), base + (field.isList ? "[]" : ""), notNull));
        const defaultValue = field.isUpdatedAt ? null : expectedDefault(datamodel, field, stripModifier(base));
        if (defaultValue !== null) shape.defaults.push(defaultLine(table, columnOf(field), defaultValue));
      }
      const from = field.relationFromFields ?? [];
      if (field.kind === "object" && from.length > 0) {
        const target = modelByName(datamodel, field.type);
        const onDelete = field.relationOnDelete ?? (field.isRequired ? "Restrict" : "SetNull");
        const onUpdate = field.relationOnUpdate ?? "Cascade";
        shape.foreignKeys.push(
          foreignKeyLine(
            table,
            from.map((name) => columnOf(fieldByName(model, name))),
            tableOf(target),
            (field.relationToFields ?? []).map((name) => columnOf(fieldByName(target, name))),
            ON_DELETE_SQL[onDelete] ?? onDelete,
            ON_DELETE_SQL[onUpdate] ?? onUpdate,
          ),
        );
      }
    }
  }

  for (const index of datamodel.indexes) {
    const model = modelByName(datamodel, index.model);
    const kind = index.type === "id" ? "PRIMARY KEY" : index.type === "unique" ? "UNIQUE" : "INDEX";
    const columns = index.fields.map(
      (f) => columnOf(fieldByName(model, f.name)) + (f.sortOrder === "desc" ? " DESC" : ""),
    );
    shape.indexes.push(indexLine(kind, tableOf(model), columns, (index.algorithm ?? "BTree").toLowerCase()));
  }

  for (const enumType of datamodel.enums) {
    shape.enums.push(enumLine(enumType.dbName ?? enumType.name, enumType.values.map((v) => v.dbName ?? v.name)));
  }

  return sortShape(shape);
}

// ───────────────────────────── Line formats, shared by both sides ─────────────────────────────

const columnLine = (table: string, column: string, type: string, notNull: boolean) =>
  `${table}.${column} ${type} ${notNull ? "NOT NULL" : "NULL"}`;
const defaultLine = (table: string, column: string, value: string) => `${table}.${column} DEFAULT ${value}`;
const enumLine = (name: string, values: string[]) => `${name} (${values.map((v) => JSON.stringify(v)).join(", ")})`;
const indexLine = (kind: string, table: string, columns: string[], method: string, extra = "") =>
  `${kind} ${table} (${columns.join(", ")})${method === "btree" ? "" : ` USING ${method}`}${extra}`;
const foreignKeyLine = (
  table: string,
  columns: string[],
  target: string,
  targetColumns: string[],
  onDelete: string,
  onUpdate: string,
) => `${table} (${columns.join(", ")}) -> ${target} (${targetColumns.join(", ")}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`;

const stripModifier = (type: string) => type.replace(/\(.*\)$/, "");

function sortShape(shape: SchemaShape): SchemaShape {
  return Object.fromEntries(SECTIONS.map((s) => [s, sorted(shape[s])])) as SchemaShape;
}

// ───────────────────────────── Default values in one canonical form ─────────────────────────────

const NUMERIC_TYPES = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);

function canonicalNumber(text: string): string {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return trimmed;
  if (/^[+-]?\d+$/.test(trimmed)) return BigInt(trimmed).toString(); // exact for int8
  return String(Number(trimmed));
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A literal value of a column of base type `type` (pg typname, no modifier), as the shape shows it. */
export function canonicalLiteral(text: string, type: string): string {
  if (NUMERIC_TYPES.has(type)) return canonicalNumber(text);
  if (type === "bool") return ["t", "true", "y", "yes", "on", "1"].includes(text.toLowerCase()) ? "true" : "false";
  if (type === "json" || type === "jsonb") {
    try {
      return `json ${stableJson(JSON.parse(text))}`;
    } catch {
      return JSON.stringify(text);
    }
  }
  if (type === "timestamp" || type === "timestamptz" || type === "date") {
    let iso = text.trim().replace(" ", "T");
    if (/[+-]\d\d$/.test(iso)) iso += ":00";
    if (type !== "timestamptz" && !/(Z|[+-]\d\d:\d\d)$/.test(iso)) iso += "Z";
    const time = Date.parse(iso);
    if (!Number.isNaN(time)) return `timestamp ${new Date(time).toISOString()}`;
  }
  return JSON.stringify(text);
}

/** Index just past the SQL string literal starting at `start` (a quote), or -1. */
function endOfQuoted(sql: string, start: number): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] === "'") {
      if (sql[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

/** Index of the bracket closing the one at `open`, skipping quoted text; -1 if none. */
function closingBracket(sql: string, open: number): number {
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    if (sql[i] === "'") {
      const end = endOfQuoted(sql, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (sql[i] === "[") depth++;
    else if (sql[i] === "]" && --depth === 0) return i;
  }
  return -1;
}

/** Splits on commas that are outside quotes, parentheses and brackets. */
function splitTopLevel(sql: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'") {
      const end = endOfQuoted(sql, i);
      if (end < 0) return [sql];
      current += sql.slice(i, end);
      i = end - 1;
      continue;
    }
    if (ch === "(" || ch === "[") depth++;
    if (ch === ")" || ch === "]") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

/** Elements of a one-dimensional PostgreSQL array literal such as {a,"b c",NULL}. */
function parseArrayLiteral(text: string): string[] | null {
  if (!text.startsWith("{") || !text.endsWith("}")) return null;
  const body = text.slice(1, -1);
  if (body === "") return [];
  const elements: string[] = [];
  let i = 0;
  while (i <= body.length) {
    let element = "";
    if (body[i] === '"') {
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === "\\") i++;
        element += body[i++];
      }
      i++; // closing quote
    } else {
      while (i < body.length && body[i] !== ",") element += body[i++];
    }
    elements.push(element);
    i++; // comma
  }
  return elements;
}

function stripOuterParens(sql: string): string {
  let text = sql.trim();
  while (text.startsWith("(") && text.endsWith(")")) {
    let depth = 0;
    let balanced = true;
    for (let i = 0; i < text.length - 1; i++) {
      if (text[i] === "(") depth++;
      if (text[i] === ")") depth--;
      if (depth === 0) {
        balanced = false;
        break;
      }
    }
    if (!balanced) break;
    text = text.slice(1, -1).trim();
  }
  return text;
}

// Trailing type casts such as ::text, ::"OrgStatus"[] or ::timestamp(3) with time zone.
const CASTS = `(?:::[\\w$ ."()\\[\\],]+)*`;
const castsOnly = new RegExp(`^${CASTS}$`);

/**
 * A column default expression (as `pg_get_expr` prints it, or as written in dbgenerated())
 * in canonical form: literals lose their casts and quoting, now()/CURRENT_TIMESTAMP and
 * sequences/identities get one name each, other expressions keep their text.
 */
export function canonicalDefault(sql: string, type: string): string {
  const text = stripOuterParens(sql);
  if (text.startsWith("'")) {
    const end = endOfQuoted(text, 0);
    if (end > 0 && castsOnly.test(text.slice(end))) {
      const value = text.slice(1, end - 1).replace(/''/g, "'");
      if (/::[^:]*\[\]$/.test(text.slice(end))) {
        const elements = parseArrayLiteral(value);
        if (elements) return `[${elements.map((e) => canonicalLiteral(e, type)).join(", ")}]`;
      }
      return canonicalLiteral(value, type);
    }
  }
  if (text.startsWith("ARRAY[")) {
    const close = closingBracket(text, "ARRAY".length);
    if (close > 0 && castsOnly.test(text.slice(close + 1))) {
      const elements = splitTopLevel(text.slice("ARRAY[".length, close));
      return `[${elements.map((e) => canonicalDefault(e, type)).join(", ")}]`;
    }
  }
  const number = new RegExp(`^([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?)${CASTS}$`, "i").exec(text);
  if (number) return canonicalLiteral(number[1], type);
  const bool = new RegExp(`^(true|false)${CASTS}$`, "i").exec(text);
  if (bool) return bool[1].toLowerCase();
  if (new RegExp(`^(?:now\\(\\)|CURRENT_TIMESTAMP)${CASTS}$`, "i").test(text)) return "now()";
  if (/^nextval\('[^']*'(::regclass)?\)$/i.test(text)) return "autoincrement()";
  return `expression ${text.replace(/\s+/g, " ")}`;
}

// ───────────────────────────── Actual: from the database catalogs ─────────────────────────────

// Objects that belong to an extension (citext's functions and types...) are not ours.
const notFromExtension = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend dep WHERE dep.classid = '${catalog}'::regclass AND dep.objid = ${oid} AND dep.deptype = 'e')`;

// `schema` is an escaped SQL literal.
const tablesSql = (schema: string) => `
  SELECT c.oid, c.relname AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
    AND ${notFromExtension("pg_class", "c.oid")}`;

const columnsSql = (schema: string) => `
  WITH tables AS (${tablesSql(schema)})
  SELECT tables.name AS table, a.attname AS column, a.attnotnull AS not_null, a.attidentity AS identity,
    CASE WHEN t.typcategory = 'A' THEN et.typname ELSE t.typname END AS base_type,
    t.typcategory = 'A' AS is_array,
    CASE WHEN a.atttypmod >= 0 THEN substring(format_type(a.atttypid, a.atttypmod) FROM '\\(([^)]*)\\)') END AS modifier,
    pg_get_expr(d.adbin, d.adrelid) AS default_sql
  FROM tables
  JOIN pg_attribute a ON a.attrelid = tables.oid AND a.attnum > 0 AND NOT a.attisdropped
  JOIN pg_type t ON t.oid = a.atttypid
  LEFT JOIN pg_type et ON et.oid = t.typelem
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum`;

const enumsSql = (schema: string) => `
  SELECT t.typname AS name, array(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS values
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE n.nspname = ${schema} AND t.typtype = 'e' AND ${notFromExtension("pg_type", "t.oid")}`;

// indoption bit 0 = DESC, bit 1 = NULLS FIRST (the default for DESC).
const indexesSql = (schema: string) => `
  WITH tables AS (${tablesSql(schema)})
  SELECT tables.name AS table, i.indisprimary AS primary, i.indisunique AS unique, am.amname AS method,
    i.indnkeyatts AS key_count, to_jsonb(i) ->> 'indnullsnotdistinct' = 'true' AS nulls_not_distinct,
    pg_get_expr(i.indpred, i.indrelid) AS predicate,
    array(
      SELECT CASE WHEN k.attnum = 0 THEN '(' || pg_get_indexdef(i.indexrelid, k.ord::int, true) || ')' ELSE a.attname::text END
        || CASE WHEN k.ord > i.indnkeyatts THEN ''
                WHEN (i.indoption[k.ord - 1] & 1) = 1 THEN CASE WHEN (i.indoption[k.ord - 1] & 2) = 2 THEN ' DESC' ELSE ' DESC NULLS LAST' END
                ELSE CASE WHEN (i.indoption[k.ord - 1] & 2) = 2 THEN ' NULLS FIRST' ELSE '' END END
      FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
      LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      ORDER BY k.ord
    ) AS columns
  FROM tables
  JOIN pg_index i ON i.indrelid = tables.oid
  JOIN pg_class ic ON ic.oid = i.indexrelid
  JOIN pg_am am ON am.oid = ic.relam`;

const ON_ACTION: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

const foreignKeysSql = (schema: string) => `
  WITH tables AS (${tablesSql(schema)})
  SELECT tables.name AS table, target.relname AS target, con.confdeltype AS on_delete, con.confupdtype AS on_update,
    array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
    array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS target_columns
  FROM tables
  JOIN pg_constraint con ON con.conrelid = tables.oid AND con.contype = 'f'
  JOIN pg_class target ON target.oid = con.confrelid`;

/** The shape of one schema (public by default) of the database `client` is connected to, without _prisma_migrations. */
export async function actualSchema(client: pg.Client, schemaName = "public"): Promise<SchemaShape> {
  const schema = client.escapeLiteral(schemaName);
  const shape: SchemaShape = { tables: [], columns: [], enums: [], indexes: [], foreignKeys: [], defaults: [] };

  const tables = await client.query<{ name: string }>(tablesSql(schema));
  shape.tables = tables.rows.map((row) => row.name);

  const columns = await client.query<{
    table: string;
    column: string;
    not_null: boolean;
    identity: string;
    base_type: string;
    is_array: boolean;
    modifier: string | null;
    default_sql: string | null;
  }>(columnsSql(schema));
  for (const row of columns.rows) {
    const type = row.base_type + (row.modifier !== null ? `(${row.modifier.replace(/\s+/g, "")})` : "");
    shape.columns.push(columnLine(row.table, row.column, type + (row.is_array ? "[]" : ""), row.not_null));
    if (row.identity !== "") shape.defaults.push(defaultLine(row.table, row.column, "autoincrement()"));
    else if (row.default_sql !== null) {
      shape.defaults.push(defaultLine(row.table, row.column, canonicalDefault(row.default_sql, row.base_type)));
    }
  }

  const enums = await client.query<{ name: string; values: string[] }>(enumsSql(schema));
  shape.enums = enums.rows.map((row) => enumLine(row.name, row.values));

  const indexes = await client.query<{
    table: string;
    primary: boolean;
    unique: boolean;
    method: string;
    key_count: number;
    nulls_not_distinct: boolean | null;
    predicate: string | null;
    columns: string[];
  }>(indexesSql(schema));
  for (const row of indexes.rows) {
    const kind = row.primary ? "PRIMARY KEY" : row.unique ? "UNIQUE" : "INDEX";
    const included = row.columns.slice(row.key_count);
    const extra =
      (included.length > 0 ? ` INCLUDE (${included.join(", ")})` : "") +
      (row.nulls_not_distinct ? " NULLS NOT DISTINCT" : "") +
      (row.predicate !== null ? ` WHERE ${row.predicate}` : "");
    shape.indexes.push(indexLine(kind, row.table, row.columns.slice(0, row.key_count), row.method, extra));
  }

  const foreignKeys = await client.query<{
    table: string;
    target: string;
    on_delete: string;
    on_update: string;
    columns: string[];
    target_columns: string[];
  }>(foreignKeysSql(schema));
  for (const row of foreignKeys.rows) {
    shape.foreignKeys.push(
      foreignKeyLine(
        row.table,
        row.columns,
        row.target,
        row.target_columns,
        ON_ACTION[row.on_delete] ?? row.on_delete,
        ON_ACTION[row.on_update] ?? row.on_update,
      ),
    );
  }

  return sortShape(shape);
}

// ───────────────────────────── Comparison ─────────────────────────────

/**
 * The expected and actual lines of one section, ready for `toEqual`. Defaults the schema
 * leaves to the database (dbgenerated() without an expression) are not compared.
 */
export function sectionPair(expected: SchemaShape, actual: SchemaShape, section: Section): [string[], string[]] {
  if (section !== "defaults") return [expected[section], actual[section]];
  const column = (line: string) => line.slice(0, line.indexOf(" DEFAULT "));
  const unchecked = new Set(
    expected.defaults.filter((line) => line.endsWith(` DEFAULT ${UNCHECKED_DEFAULT}`)).map(column),
  );
  return [
    expected.defaults.filter((line) => !unchecked.has(column(line))),
    actual.defaults.filter((line) => !unchecked.has(column(line))),
  ];
}

/** Every difference between two shapes, one readable line each; empty when they agree. */
export function compare(expected: SchemaShape, actual: SchemaShape): string[] {
  const differences: string[] = [];
  for (const section of SECTIONS) {
    const [want, have] = sectionPair(expected, actual, section);
    const haveSet = new Set(have);
    const wantSet = new Set(want);
    for (const line of want) if (!haveSet.has(line)) differences.push(`${section}: missing in database: ${line}`);
    for (const line of have) if (!wantSet.has(line)) differences.push(`${section}: not in schema.prisma: ${line}`);
  }
  return differences;
}
