import fs from "node:fs";
import path from "node:path";
import { getDMMF } from "@prisma/internals";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import {
  actualSchema,
  canonicalDefault,
  compare,
  expectedSchema,
  SECTIONS,
  sectionPair,
  type Datamodel,
  type SchemaShape,
} from "@/lib/testing/schema-shape";

// Proves that the database our hand-written migrations produce is the one schema.prisma
// describes: tables, columns (type and nullability), enums (values in order), primary
// keys, unique and plain indexes (columns in order, sort direction, method), foreign keys
// (columns, target, ON DELETE/ON UPDATE) and column defaults, both ways: nothing missing,
// nothing extra. A failure lists the differing lines ("-" expected from schema.prisma,
// "+" found in the database); lib/testing/schema-shape.ts explains each line.

const SCHEMA_FILE = path.resolve(import.meta.dirname, "../../../prisma/schema.prisma");

type Model = Datamodel["models"][number];
type Field = Model["fields"][number];
type Drift = { datamodel: Datamodel; differences: string[] };

const tableOf = (model: Model) => model.dbName ?? model.name;
const columnOf = (model: Model, name: string) => {
  const field = model.fields.find((f) => f.name === name);
  return field?.dbName ?? name;
};

function first<T>(items: T[], what: string): T {
  if (items.length === 0) throw new Error(`schema.prisma has no ${what} to mutate`);
  return items[0];
}

/** A copy of `datamodel` with one field changed (or removed, when `change` returns null). */
function withField(datamodel: Datamodel, model: Model, field: Field, change: (f: Field) => Field | null): Datamodel {
  return {
    ...datamodel,
    models: datamodel.models.map((m) => {
      if (m !== model) return m;
      const changed = change(field);
      return {
        ...m,
        fields: changed === null ? m.fields.filter((f) => f !== field) : m.fields.map((f) => (f === field ? changed : f)),
      };
    }),
  };
}

/** Every model field, with its model. */
const fieldsOf = (datamodel: Datamodel) => datamodel.models.flatMap((model) => model.fields.map((field) => ({ model, field })));

/** An optional String field without native type, default, index or relation: a plain `text NULL` column. */
function plainOptionalText(datamodel: Datamodel) {
  const used = (model: Model, field: Field) =>
    datamodel.indexes.some((i) => i.model === model.name && i.fields.some((f) => f.name === field.name)) ||
    model.fields.some((r) => r.relationFromFields?.includes(field.name));
  return first(
    fieldsOf(datamodel).filter(
      ({ model, field }) =>
        field.kind === "scalar" &&
        field.type === "String" &&
        !field.isList &&
        !field.isRequired &&
        !field.nativeType &&
        field.default === undefined &&
        !used(model, field),
    ),
    "plain optional String field",
  );
}

// Mutations of the real datamodel, each a drift compare() must report exactly.
const drifts: Array<[string, (d: Datamodel) => Drift]> = [
  [
    "a column the schema does not have",
    (d) => {
      const { model, field } = plainOptionalText(d);
      return {
        datamodel: withField(d, model, field, () => null),
        differences: [`columns: not in schema.prisma: ${tableOf(model)}.${columnOf(model, field.name)} text NULL`],
      };
    },
  ],
  [
    "a nullable column the schema requires",
    (d) => {
      const { model, field } = plainOptionalText(d);
      const column = `${tableOf(model)}.${columnOf(model, field.name)}`;
      return {
        datamodel: withField(d, model, field, (f) => ({ ...f, isRequired: true })),
        differences: [`columns: missing in database: ${column} text NOT NULL`, `columns: not in schema.prisma: ${column} text NULL`],
      };
    },
  ],
  [
    "a column of another type",
    (d) => {
      const { model, field } = plainOptionalText(d);
      const column = `${tableOf(model)}.${columnOf(model, field.name)}`;
      return {
        datamodel: withField(d, model, field, (f) => ({ ...f, nativeType: ["VarChar", ["7"]] })),
        differences: [`columns: missing in database: ${column} varchar(7) NULL`, `columns: not in schema.prisma: ${column} text NULL`],
      };
    },
  ],
  [
    "an index column sorted the other way",
    (d) => {
      const index = first(
        d.indexes.filter((i) => i.type === "normal" && i.fields.length >= 2 && !i.algorithm),
        "plain index on two columns",
      );
      const model = d.models.find((m) => m.name === index.model)!;
      const flipped = index.fields.map((f, n) =>
        n === index.fields.length - 1 ? { ...f, sortOrder: f.sortOrder === "desc" ? ("asc" as const) : ("desc" as const) } : f,
      );
      const line = (fields: typeof index.fields) =>
        `INDEX ${tableOf(model)} (${fields.map((f) => columnOf(model, f.name) + (f.sortOrder === "desc" ? " DESC" : "")).join(", ")})`;
      return {
        datamodel: { ...d, indexes: d.indexes.map((i) => (i === index ? { ...i, fields: flipped } : i)) },
        differences: [`indexes: missing in database: ${line(flipped)}`, `indexes: not in schema.prisma: ${line(index.fields)}`],
      };
    },
  ],
  [
    "a unique index the schema declares plain",
    (d) => {
      const index = first(
        d.indexes.filter((i) => i.type === "unique" && !i.algorithm && i.fields.every((f) => f.sortOrder !== "desc")),
        "unique index",
      );
      const model = d.models.find((m) => m.name === index.model)!;
      const columns = `${tableOf(model)} (${index.fields.map((f) => columnOf(model, f.name)).join(", ")})`;
      return {
        datamodel: { ...d, indexes: d.indexes.map((i) => (i === index ? { ...i, type: "normal" as const } : i)) },
        differences: [`indexes: missing in database: INDEX ${columns}`, `indexes: not in schema.prisma: UNIQUE ${columns}`],
      };
    },
  ],
  [
    "a foreign key with another ON DELETE",
    (d) => {
      const { model, field } = first(
        fieldsOf(d).filter(
          ({ field }) => (field.relationFromFields ?? []).length > 0 && field.relationOnDelete === "Cascade" && !field.relationOnUpdate,
        ),
        "relation with onDelete: Cascade",
      );
      const target = d.models.find((m) => m.name === field.type)!;
      const line = (onDelete: string) =>
        `${tableOf(model)} (${field.relationFromFields!.map((n) => columnOf(model, n)).join(", ")}) -> ${tableOf(target)} (${field.relationToFields!.map((n) => columnOf(target, n)).join(", ")}) ON DELETE ${onDelete} ON UPDATE CASCADE`;
      return {
        datamodel: withField(d, model, field, (f) => ({ ...f, relationOnDelete: "Restrict" })),
        differences: [`foreignKeys: missing in database: ${line("RESTRICT")}`, `foreignKeys: not in schema.prisma: ${line("CASCADE")}`],
      };
    },
  ],
  [
    "enum values in another order",
    (d) => {
      const enumType = first(d.enums.filter((e) => e.values.length >= 2), "enum with two values");
      const reversed = [...enumType.values].reverse();
      const line = (values: readonly (typeof reversed)[number][]) =>
        `${enumType.dbName ?? enumType.name} (${values.map((v) => JSON.stringify(v.dbName ?? v.name)).join(", ")})`;
      return {
        datamodel: { ...d, enums: d.enums.map((e) => (e === enumType ? { ...e, values: reversed } : e)) },
        differences: [`enums: missing in database: ${line(reversed)}`, `enums: not in schema.prisma: ${line(enumType.values)}`],
      };
    },
  ],
  [
    "a changed default and one the schema does not declare",
    (d) => {
      const number = first(
        fieldsOf(d).filter(({ field }) => field.type === "Int" && typeof field.default === "number"),
        "Int field with a literal default",
      );
      const withEnumDefault = first(
        fieldsOf(d).filter(({ field }) => field.kind === "enum" && !field.isList && typeof field.default === "string"),
        "enum field with a default",
      );
      const value = number.field.default as number;
      const enumType = d.enums.find((e) => e.name === withEnumDefault.field.type)!;
      const member = enumType.values.find((v) => v.name === withEnumDefault.field.default)!;
      const numberColumn = `${tableOf(number.model)}.${columnOf(number.model, number.field.name)}`;
      const enumColumn = `${tableOf(withEnumDefault.model)}.${columnOf(withEnumDefault.model, withEnumDefault.field.name)}`;
      let datamodel = withField(d, number.model, number.field, (f) => ({ ...f, default: value + 1 }));
      const model = datamodel.models.find((m) => m.name === withEnumDefault.model.name)!;
      const field = model.fields.find((f) => f.name === withEnumDefault.field.name)!;
      datamodel = withField(datamodel, model, field, (f) => ({ ...f, default: undefined, hasDefaultValue: false }));
      return {
        datamodel,
        differences: [
          `defaults: missing in database: ${numberColumn} DEFAULT ${value + 1}`,
          `defaults: not in schema.prisma: ${numberColumn} DEFAULT ${value}`,
          `defaults: not in schema.prisma: ${enumColumn} DEFAULT ${JSON.stringify(member.dbName ?? member.name)}`,
        ],
      };
    },
  ],
];

describe("migrated database matches prisma/schema.prisma", () => {
  let datamodel: Datamodel;
  let expected: SchemaShape;
  let actual: SchemaShape;

  beforeAll(async () => {
    datamodel = (await getDMMF({ datamodel: fs.readFileSync(SCHEMA_FILE, "utf8") })).datamodel;
    expected = expectedSchema(datamodel);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      actual = await actualSchema(client);
    } finally {
      await client.end();
    }
  });

  it.each(SECTIONS)("%s agree", (section) => {
    const [want, have] = sectionPair(expected, actual, section);
    expect(want.length).toBeGreaterThan(0);
    expect(have).toEqual(want);
  });

  it("finds no difference at all", () => {
    expect(compare(expected, actual)).toEqual([]);
  });

  // The checks above must be able to fail. Against the unchanged expectation (what the
  // database has when the checks above pass), each mutation must be reported exactly.
  describe("reports drift", () => {
    it.each(drifts)("%s", (_name, drift) => {
      const { datamodel: drifted, differences } = drift(datamodel);
      expect(compare(expectedSchema(drifted), expected).sort()).toEqual(differences.sort());
    });

    it("a renamed table", () => {
      const model = datamodel.models[0];
      const drifted = expectedSchema({
        ...datamodel,
        models: datamodel.models.map((m) => (m === model ? { ...m, dbName: "renamed_table" } : m)),
      });
      const differences = compare(drifted, expected);
      expect(differences).toEqual(
        expect.arrayContaining([
          "tables: missing in database: renamed_table",
          `tables: not in schema.prisma: ${tableOf(model)}`,
        ]),
      );
      // Each of its columns, indexes... is reported on both sides, and nothing else.
      expect(differences.every((line) => line.includes("renamed_table") || line.includes(tableOf(model)))).toBe(true);
    });
  });
});

// Types, defaults and constraints the real schema does not use yet, created the way
// `prisma migrate` writes them, so the mapping is right before someone needs it.
const PROBE_SCHEMA = "schema_drift_probe";
const PROBE_PRISMA = String.raw`
datasource db {
  provider = "postgresql"
}

enum Color {
  red @map("RED")
  green
  @@map("colors")
}

model Thing {
  id       Int       @id @default(autoincrement())
  big      BigInt    @default(10)
  price    Decimal   @default(1.50)
  exact    Decimal?  @db.Decimal(10, 2)
  ratio    Float     @default(-1.5)
  real     Float     @db.Real
  small    Int       @default(-3) @db.SmallInt
  at       DateTime  @default("2020-01-01T00:00:00Z")
  plainAt  DateTime?
  zoned    DateTime  @default(now()) @db.Timestamptz(6)
  day      DateTime? @db.Date
  tags     String[]  @default(["a", "b c"])
  numbers  Int[]     @default([])
  color    Color     @default(red)
  colors   Color[]   @default([red])
  data     Json      @default("{\"b\": 1, \"a\": [true]}")
  plain    Json?     @db.Json
  token    String    @default(uuid()) @map("token_col")
  code     String    @db.Char(3)
  label    String    @default("it's") @db.VarChar(20)
  blob     Bytes?
  flag     Boolean   @default(false)
  external String    @default(dbgenerated())
  lowered  String    @default(dbgenerated("lower('X'::text)"))
  updated  DateTime  @updatedAt
  parts    Part[]    @relation("main")
  others   Part[]    @relation("other")

  @@unique([big, price])
  @@index([label], type: Hash)
  @@index([code(sort: Desc), big])
  @@map("things")
}

model Part {
  thingId  Int
  position Int
  otherId  Int?
  thing    Thing  @relation("main", fields: [thingId], references: [id])
  other    Thing? @relation("other", fields: [otherId], references: [id])

  @@id([thingId, position])
}
`;
// What prisma migrate diff generates for PROBE_PRISMA (schema-qualified).
const PROBE_SQL = (s: string) => `
CREATE SCHEMA ${s};
CREATE TYPE ${s}."colors" AS ENUM ('RED', 'green');
CREATE TABLE ${s}."things" (
    "id" SERIAL NOT NULL,
    "big" BIGINT NOT NULL DEFAULT 10,
    "price" DECIMAL(65,30) NOT NULL DEFAULT 1.50,
    "exact" DECIMAL(10,2),
    "ratio" DOUBLE PRECISION NOT NULL DEFAULT -1.5,
    "real" REAL NOT NULL,
    "small" SMALLINT NOT NULL DEFAULT -3,
    "at" TIMESTAMP(3) NOT NULL DEFAULT '2020-01-01 00:00:00 +00:00',
    "plainAt" TIMESTAMP(3),
    "zoned" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "day" DATE,
    "tags" TEXT[] DEFAULT ARRAY['a', 'b c']::TEXT[],
    "numbers" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "color" ${s}."colors" NOT NULL DEFAULT 'RED',
    "colors" ${s}."colors"[] DEFAULT ARRAY['RED']::${s}."colors"[],
    "data" JSONB NOT NULL DEFAULT '{"b": 1, "a": [true]}',
    "plain" JSON,
    "token_col" TEXT NOT NULL,
    "code" CHAR(3) NOT NULL,
    "label" VARCHAR(20) NOT NULL DEFAULT 'it''s',
    "blob" BYTEA,
    "flag" BOOLEAN NOT NULL DEFAULT false,
    "external" TEXT NOT NULL DEFAULT 'set by a trigger, say',
    "lowered" TEXT NOT NULL DEFAULT lower('X'::text),
    "updated" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "things_pkey" PRIMARY KEY ("id")
);
CREATE TABLE ${s}."Part" (
    "thingId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "otherId" INTEGER,
    CONSTRAINT "Part_pkey" PRIMARY KEY ("thingId","position")
);
CREATE UNIQUE INDEX "things_big_price_key" ON ${s}."things"("big", "price");
CREATE INDEX "things_label_idx" ON ${s}."things" USING HASH ("label");
CREATE INDEX "things_code_big_idx" ON ${s}."things"("code" DESC, "big");
ALTER TABLE ${s}."Part" ADD CONSTRAINT "Part_thingId_fkey" FOREIGN KEY ("thingId") REFERENCES ${s}."things"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE ${s}."Part" ADD CONSTRAINT "Part_otherId_fkey" FOREIGN KEY ("otherId") REFERENCES ${s}."things"("id") ON DELETE SET NULL ON UPDATE CASCADE;
`;

describe("schema shapes of types the schema does not use yet", () => {
  it("agree for every kind of column, default, index and relation", async () => {
    const probe = expectedSchema((await getDMMF({ datamodel: PROBE_PRISMA })).datamodel);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    let found: SchemaShape;
    try {
      // Inside a transaction that is rolled back: nothing is left behind.
      await client.query("BEGIN");
      await client.query(PROBE_SQL(PROBE_SCHEMA));
      found = await actualSchema(client, PROBE_SCHEMA);
    } finally {
      await client.query("ROLLBACK").catch(() => {});
      await client.end();
    }
    for (const section of SECTIONS) {
      const [want, have] = sectionPair(probe, found, section);
      expect({ section, lines: have }).toEqual({ section, lines: want });
    }
    // Spot checks of the mapping itself, not only of the two sides agreeing.
    expect(probe.columns).toEqual(
      expect.arrayContaining([
        "things.at timestamp(3) NOT NULL",
        "things.price numeric(65,30) NOT NULL",
        "things.code bpchar(3) NOT NULL",
        "things.tags text[] NULL",
        "things.colors colors[] NULL",
        "things.token_col text NOT NULL",
      ]),
    );
    expect(probe.defaults).toEqual(
      expect.arrayContaining([
        "things.id DEFAULT autoincrement()",
        "things.at DEFAULT timestamp 2020-01-01T00:00:00.000Z",
        'things.tags DEFAULT ["a", "b c"]',
        'things.colors DEFAULT ["RED"]',
        'things.data DEFAULT json {"a":[true],"b":1}',
        `things.label DEFAULT "it's"`,
      ]),
    );
    expect(probe.defaults.some((line) => line.startsWith("things.token_col ") || line.startsWith("things.updated "))).toBe(false);
    expect(probe.foreignKeys).toEqual([
      "Part (otherId) -> things (id) ON DELETE SET NULL ON UPDATE CASCADE",
      "Part (thingId) -> things (id) ON DELETE RESTRICT ON UPDATE CASCADE",
    ]);
  });
});

describe("canonicalDefault", () => {
  it.each([
    ["'active'::\"OrgStatus\"", "OrgStatus", '"active"'],
    ["''::text", "text", '""'],
    ["'it''s'::character varying", "varchar", `"it's"`],
    ["'[]'::jsonb", "jsonb", "json []"],
    ["(-1)", "int4", "-1"],
    ["'-1.5'::double precision", "float8", "-1.5"],
    ["1.50", "numeric", "1.5"],
    ["'10'::bigint", "int8", "10"],
    ["true", "bool", "true"],
    ["CURRENT_TIMESTAMP", "timestamptz", "now()"],
    ["now()", "timestamptz", "now()"],
    ["nextval('\"Thing_id_seq\"'::regclass)", "int4", "autoincrement()"],
    ["'2020-01-01 00:00:00+00'::timestamp with time zone", "timestamptz", "timestamp 2020-01-01T00:00:00.000Z"],
    ["'{a,\"b c\"}'::text[]", "text", '["a", "b c"]'],
    ["ARRAY['a'::text, 'b c'::text]", "text", '["a", "b c"]'],
    ["ARRAY[]::integer[]", "int4", "[]"],
    ["gen_random_uuid()", "uuid", "expression gen_random_uuid()"],
    ["('x'::text || 'y'::text)", "text", "expression 'x'::text || 'y'::text"],
    ["(now() + '1 day'::interval)", "timestamptz", "expression now() + '1 day'::interval"],
  ])("%s", (sql, type, canonical) => {
    expect(canonicalDefault(sql, type)).toBe(canonical);
  });
});
