/**
 * @module client/staff/template-fields — the fields of a HAL-FORMS template: its own
 * `properties` when it lists them, else the object schema its `schema.href` points to in the
 * OpenAPI document (fetched once). A field exists only when the API offers it.
 */
import type { Api } from "../api";
import type { Template } from "../types";

export interface Field {
  name: string;
  kind: "text" | "number" | "choice";
  required: boolean;
  options: string[];
  min?: number;
  max?: number;
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
};

const documents = new Map<string, Promise<unknown>>();

function pointer(document: unknown, path: string): unknown {
  let node = document;
  for (const raw of path.replace(/^#?\//, "").split("/")) {
    if (!raw) continue;
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  return node;
}

function resolve(document: unknown, schema: Schema | undefined, depth = 0): Schema | undefined {
  if (!schema || depth > 8) return schema;
  if (schema.$ref) return resolve(document, pointer(document, schema.$ref) as Schema, depth + 1);
  const nonNull = schema.anyOf?.find((option) => option.type !== "null");
  return nonNull ? resolve(document, nonNull, depth + 1) : schema;
}

function fieldOf(name: string, schema: Schema, required: boolean): Field {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (schema.enum) {
    return { name, kind: "choice", required, options: schema.enum.map(String) };
  }
  if (type === "integer" || type === "number") {
    return {
      name,
      kind: "number",
      required,
      options: [],
      min: schema.minimum,
      max: schema.maximum,
    };
  }
  return { name, kind: "text", required, options: [] };
}

export async function templateFields(api: Api, template: Template): Promise<Field[]> {
  if (template.properties) {
    return template.properties
      .filter((property) => !property.readOnly)
      .map((property) => ({
        name: property.name,
        kind: property.options?.inline
          ? "choice"
          : typeof property.value === "number"
            ? "number"
            : "text",
        required: Boolean(property.required),
        options: (property.options?.inline ?? []).map(String),
        min: property.min,
        max: property.max,
      }));
  }
  const href = template.schema?.href;
  if (!href) return [];
  const [documentUrl = "", fragment = ""] = href.split("#");
  let loading = documents.get(documentUrl);
  if (!loading) {
    loading = api.get(documentUrl);
    documents.set(documentUrl, loading);
  }
  const document = await loading;
  const schema = resolve(document, pointer(document, fragment) as Schema);
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, property]) =>
    fieldOf(name, resolve(document, property) ?? {}, required.has(name)),
  );
}
