/**
 * @module client/staff/template-fields — the fields of a HAL-FORMS template: the object schema
 * its `schema.href` points to in the OpenAPI document (fetched once), with the template's own
 * `properties` over it (a value to pre-fill, bounds, options; read-only ones left out). A
 * field exists only when the API offers it.
 */
import type { Api } from "../api";
import type { Template, TemplateProperty } from "../api-schemas";

export interface Field {
  name: string;
  kind: "text" | "number" | "choice";
  required: boolean;
  options: string[];
  min?: number;
  max?: number;
  /** What to pre-fill, as the API offers it (the accepted quantity: all the return's units). */
  value?: string;
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

function fieldOfProperty(property: TemplateProperty, schemaField?: Field): Field {
  const inline = property.options?.inline;
  const kind = inline
    ? "choice"
    : typeof property.value === "number"
      ? "number"
      : (schemaField?.kind ?? "text");
  return {
    name: property.name,
    kind,
    required: Boolean(property.required ?? schemaField?.required),
    options: inline ? inline.map(String) : (schemaField?.options ?? []),
    min: property.min ?? schemaField?.min,
    max: property.max ?? schemaField?.max,
    ...(property.value === undefined ? {} : { value: String(property.value) }),
  };
}

async function schemaFields(api: Api, href: string | undefined): Promise<Field[]> {
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

export async function templateFields(api: Api, template: Template): Promise<Field[]> {
  const fromSchema = await schemaFields(api, template.schema?.href);
  const properties = new Map((template.properties ?? []).map((p) => [p.name, p]));
  const fields = fromSchema
    .filter((field) => !properties.get(field.name)?.readOnly)
    .map((field) => {
      const property = properties.get(field.name);
      return property ? fieldOfProperty(property, field) : field;
    });
  // A property the schema does not list (a nested `line.quantity`, say) is a field of its own.
  const named = new Set(fromSchema.map((field) => field.name));
  for (const property of properties.values()) {
    if (!named.has(property.name) && !property.readOnly) fields.push(fieldOfProperty(property));
  }
  return fields;
}
