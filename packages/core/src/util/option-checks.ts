/**
 * @module util/option-checks — checking a host's options at construction, with zod schemas, so a
 * mistyped or missing option fails at once with an error that names it, instead of silently
 * changing behaviour or failing later with an unrelated message.
 *
 * Leaves are predicates with a fixed "expected …" wording; the error appends what was given.
 * Only the check is zod's: callers keep the host's own objects (a store is a class instance
 * that a parse would copy into a plain object), so nothing here transforms a value.
 */
import { z } from "zod";

export interface OptionIssue {
  /** Where the bad option is: `webhooks.endpoints[0].secret`, or `(root)`. */
  path: string;
  /** What was expected and what was given. */
  message: string;
}

/** Thrown at construction when options are missing, mistyped or out of range. */
export class InvalidOptionsError extends TypeError {
  readonly code = "invalid_options";
  constructor(
    /** What was being configured: `options`, `postgresStore options`, … */
    readonly subject: string,
    readonly issues: readonly OptionIssue[],
  ) {
    super(
      `returnkit: invalid ${subject}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
    );
    this.name = "InvalidOptionsError";
  }
}

/**
 * Checks `value` against `schema`; throws an `InvalidOptionsError` naming every bad option.
 * `renamed` maps an option of earlier versions (`now`, `policy.eligible`) to what replaced
 * it, so that giving it says where it went rather than only "unknown option".
 */
export function checkOptions<T>(
  schema: z.ZodType<T>,
  value: unknown,
  subject: string,
  renamed: Readonly<Record<string, string>> = {},
): T {
  const result = schema.safeParse(value);
  if (result.success) return value as T;
  const issues = result.error.issues.flatMap((issue) => describeIssue(issue, value, renamed));
  throw new InvalidOptionsError(subject, issues);
}

function describeIssue(
  issue: z.core.$ZodIssue,
  root: unknown,
  renamed: Readonly<Record<string, string>>,
): OptionIssue[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => {
      const path = formatPath([...issue.path, key]);
      const replacement = Object.hasOwn(renamed, path) ? renamed[path] : undefined;
      return {
        path,
        message: replacement ? `no longer an option: use ${replacement}` : "unknown option",
      };
    });
  }
  const given = valueAt(root, issue.path);
  return [{ path: formatPath(issue.path), message: `${issue.message}, got ${describe(given)}` }];
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  return path
    .map((part, i) =>
      typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** A short rendering of a given value: never a whole object (it may hold a secret). */
function describe(value: unknown): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

// ------------------------------------------------------------------ leaves

/** A value for which `test` holds; otherwise the issue reads "expected <expected>". */
export function satisfying<T>(test: (value: unknown) => boolean, expected: string) {
  return z.custom<T>((value) => test(value), { error: `expected ${expected}` });
}

// biome-ignore lint/suspicious/noExplicitAny: a hook's own signature is the interface's business.
export const aFunction = <T extends (...args: any[]) => unknown>() =>
  satisfying<T>((v) => typeof v === "function", "a function");

/** `() => epoch ms`; `Date` itself (a clock object of earlier versions) would answer strings. */
export const aClock = satisfying<() => number>(
  (v) => typeof v === "function" && v !== Date,
  "a function returning epoch ms, such as Date.now",
);

export const aBoolean = satisfying<boolean>((v) => typeof v === "boolean", "true or false");

export const aNonEmptyString = satisfying<string>(
  (v) => typeof v === "string" && v.trim() !== "",
  "a non-empty string",
);

export const positiveInteger = (unit?: string) =>
  satisfying<number>(
    (v) => Number.isSafeInteger(v) && (v as number) > 0,
    `a positive integer${unit ? ` (${unit})` : ""}`,
  );

export const nonNegativeInteger = (unit?: string) =>
  satisfying<number>(
    (v) => Number.isSafeInteger(v) && (v as number) >= 0,
    `a non-negative integer${unit ? ` (${unit})` : ""}`,
  );

export const positiveNumber = (unit?: string) =>
  satisfying<number>(
    (v) => typeof v === "number" && Number.isFinite(v) && v > 0,
    `a positive number${unit ? ` (${unit})` : ""}`,
  );

export const nonNegativeNumber = (unit?: string) =>
  satisfying<number>(
    (v) => typeof v === "number" && Number.isFinite(v) && v >= 0,
    `a non-negative number${unit ? ` (${unit})` : ""}`,
  );

/** One of `values`, listed in the message. */
export function oneOf<T extends string>(values: readonly T[]) {
  return satisfying<T>(
    (v) => typeof v === "string" && (values as readonly string[]).includes(v),
    `one of ${values.join(", ")}`,
  );
}

/**
 * True for an absolute http: or https: URL, a string or a URL object; with `plain`, also
 * without a query or a fragment (not even an empty `?` or `#`).
 */
export function isHttpUrl(value: unknown, { plain = false } = {}): boolean {
  const raw = value instanceof URL ? value.href : value;
  if (typeof raw !== "string") return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return (
    !plain || (url.search === "" && url.hash === "" && !raw.includes("?") && !raw.includes("#"))
  );
}

export const httpUrl = satisfying<string>(
  (v) => typeof v === "string" && isHttpUrl(v),
  "an absolute http(s) URL",
);

/** An array of `item`; anything else reads "expected an array of <what>". */
export function arrayOf<T extends z.ZodType>(item: T, what: string, { nonEmpty = false } = {}) {
  const array = z.array(item, {
    error: `expected ${nonEmpty ? "a non-empty " : "an "}array of ${what}`,
  });
  return nonEmpty ? array.min(1, { error: `expected at least one of ${what}` }) : array;
}

/**
 * A host's object (a class instance, say) that has `methods` as functions; its other members
 * are its own business, so unlike an options object it may hold more.
 */
export const hostObject = <T extends object>(what: string, methods: readonly string[]) =>
  satisfying<T>(
    (v) =>
      v !== null &&
      typeof v === "object" &&
      methods.every((method) => typeof (v as Record<string, unknown>)[method] === "function"),
    what,
  );

/** Any object (not null); its members are not looked at. */
export const anObject = <T extends object = object>(what: string) =>
  satisfying<T>((v) => v !== null && typeof v === "object", what);

/**
 * `true` when every key of the interface `I` has a schema in `S` (a new option without one
 * would be refused as unknown) and what `S` lets through is an `I`; else a message type.
 * Used as `Assert<SchemaCovers<I, typeof schema>>`, so the compiler keeps the two in step.
 */
export type SchemaCovers<I, S extends z.ZodObject> = keyof I extends keyof S["shape"]
  ? z.output<S> extends I
    ? true
    : "the schema lets through values the interface refuses"
  : "an option of the interface has no schema";

export type Assert<T extends true> = T;

/** A strict object: unknown keys are refused, so a typo is caught. */
export function optionsObject<S extends z.core.$ZodLooseShape>(shape: S, what = "an object") {
  return z.strictObject(shape, { error: `expected ${what}` });
}
