/**
 * @module http/openapi/openapi-components — zod schemas as OpenAPI components.
 *
 * Each zod schema is converted on its own with `z.toJSONSchema` (JSON Schema 2020-12, which
 * OpenAPI 3.1 speaks natively); schemas named with `.meta({ id })` come out as `$defs` and are
 * hoisted into `components`. A request body is converted as zod's input (a member with a
 * default may be left out) and kept in `components.requestBodies`; everything else is
 * converted as output and kept in `components.schemas`. Generators such as openapi-typescript
 * read a `default` under `components.schemas` as "always present", so a body's defaults must
 * not live there.
 */
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

export interface SchemaComponents {
  /** The JSON Schema of `schema`; named parts become `$ref`s into components.schemas. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema;
  /**
   * A request body of `schema` (input), kept in components.requestBodies under its id, as a
   * `$ref` to it; inline when the schema has no id.
   */
  requestBody(schema: z.ZodType, required: boolean): JsonSchema;
  /** Follows a top-level `$ref` into the collected schemas. */
  resolve(schema: JsonSchema): JsonSchema;
  schemas(): Record<string, JsonSchema>;
  requestBodies(): Record<string, JsonSchema>;
}

const DEFS_PREFIX = "#/$defs/";
const COMPONENTS_PREFIX = "#/components/schemas/";
const JSON_TYPE = "application/json";

/** The JSON pointer of a request body's schema, where `_templates` link to it. */
export function requestBodySchemaPointer(id: string): string {
  return `#/components/requestBodies/${id}/content/application~1json/schema`;
}

export function createSchemaComponents(): SchemaComponents {
  const schemas = new Map<string, { json: string; schema: JsonSchema }>();
  const bodies = new Map<string, JsonSchema>();

  const add = (id: string, schema: JsonSchema) => {
    const json = JSON.stringify(schema);
    const existing = schemas.get(id);
    // A schema used by requests and by responses is converted both ways; it must read the
    // same both ways, or two different schemas claim one id.
    if (existing && existing.json !== json) {
      throw new Error(`Two different JSON Schemas claim the OpenAPI component "${id}"`);
    }
    schemas.set(id, { json, schema });
  };

  /** Converts `schema`; its own definition is handed back apart when `own` names it. */
  const toJsonSchema = (schema: z.ZodType, io: "input" | "output", own?: string) => {
    const { root, definitions } = converted(schema, io);
    let ownDefinition: JsonSchema | undefined;
    for (const [id, definition] of definitions) {
      if (id === own) ownDefinition = definition;
      else add(id, definition);
    }
    return { root, ownDefinition };
  };

  return {
    convert: (schema, io) => toJsonSchema(schema, io).root,
    requestBody(schema, required) {
      const id = schema.meta()?.id;
      const { root, ownDefinition } = toJsonSchema(schema, "input", id);
      const body = { required, content: { [JSON_TYPE]: { schema: ownDefinition ?? root } } };
      if (!id || !ownDefinition) return body;
      const existing = bodies.get(id);
      if (existing && JSON.stringify(existing) !== JSON.stringify(body)) {
        throw new Error(`Two different request bodies claim the OpenAPI component "${id}"`);
      }
      bodies.set(id, body);
      return { $ref: `#/components/requestBodies/${id}` };
    },
    resolve(schema) {
      const ref = schema.$ref;
      if (typeof ref !== "string" || !ref.startsWith(COMPONENTS_PREFIX)) return schema;
      return schemas.get(ref.slice(COMPONENTS_PREFIX.length))?.schema ?? schema;
    },
    schemas: () => sortedObject(new Map([...schemas].map(([id, { schema }]) => [id, schema]))),
    requestBodies: () => sortedObject(bodies),
  };
}

interface Converted {
  root: JsonSchema;
  /** The named parts (`$defs`), their `$ref`s pointing into components.schemas. */
  definitions: [string, JsonSchema][];
}

/**
 * Each schema's conversion, per direction. Route schemas are module constants shared by every
 * route that answers with them and by every service in the process, and converting one walks
 * all it contains: a document converts each once. The results are read, never changed.
 */
const conversions = new WeakMap<z.ZodType, Partial<Record<"input" | "output", Converted>>>();

function converted(schema: z.ZodType, io: "input" | "output"): Converted {
  const cached = conversions.get(schema) ?? {};
  const hit = cached[io];
  if (hit) return hit;
  const {
    $schema: _dialect,
    $defs,
    ...root
  } = z.toJSONSchema(schema, { target: "draft-2020-12", io }) as JsonSchema;
  const result: Converted = {
    root: rewriteRefs(root) as JsonSchema,
    definitions: Object.entries(($defs ?? {}) as Record<string, JsonSchema>).map(
      ([id, definition]) => [id, rewriteRefs(definition) as JsonSchema],
    ),
  };
  conversions.set(schema, { ...cached, [io]: result });
  return result;
}

function sortedObject(entries: Map<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === "$ref" && typeof child === "string" && child.startsWith(DEFS_PREFIX)
        ? COMPONENTS_PREFIX + child.slice(DEFS_PREFIX.length)
        : rewriteRefs(child),
    ]),
  );
}
