/**
 * ARCHITECTURE.md against the code: every path it names exists, every `file.ts:name` is
 * declared in that file, every other name in the walk is declared in a file the walk names,
 * the map's layers are the ones `layers.test.ts` enforces, and the store checklist names every
 * member of `ReturnsStore`. Beyond names, what the map claims of the code: the machine is the
 * only transition table, problems are built only in the files it names, and only the functions
 * it names call the store's commits. A renamed file or function, or code that moved, fails
 * here instead of misleading a reader.
 *
 * Paths, as the document's preamble says: `packages/…` (and `examples/`, `tests/`, `bench/`,
 * `scripts/`) from the repository root; `<package>/src/…` in `packages/<package>`; any other in
 * `packages/core/src`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MERCHANT_EVENTS, PORTAL_EVENTS, RETURN_STATES } from "./domain/machine";
import { LAYERS } from "./test-support/layers";
import { productionFiles, readSources, type SourceFile } from "./test-support/source-tree";

const SRC = dirname(fileURLToPath(import.meta.url));
const PACKAGES = resolve(SRC, "../..");
const ROOT = resolve(PACKAGES, "..");
const ROOT_FOLDERS = ["packages", "examples", "tests", "bench", "scripts"];

const PATH = /^[\w.-]+(?:\/[\w.-]*)*$/;
const FILE_SYMBOL = /^([\w./-]+\.tsx?):([A-Za-z_$][\w$]*)$/;
/** `name`, `a.b.name`, `name()`, `name(event)`: the name is the last segment. */
const NAME = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\([^()]*\))?$/;

/** The text of every `code span` in `markdown`, in order. */
function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
}

/** The body of the `## title` section (up to the next `## `); throws when there is none. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`ARCHITECTURE.md has no "## ${title}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

function looksLikePath(token: string): boolean {
  return PATH.test(token) && (token.includes("/") || /\.(?:tsx?|md|json|mjs)$/.test(token));
}

/** Where a path of the document points, by the convention above. */
function resolvePath(token: string): string {
  const first = token.split("/")[0] ?? "";
  if (ROOT_FOLDERS.includes(first)) return join(ROOT, token);
  if (existsSync(join(PACKAGES, first, "package.json"))) return join(PACKAGES, token);
  return join(SRC, token);
}

function escapeName(name: string): string {
  return name.replace(/[$]/g, "\\$");
}

/** Whether `source` declares `name`: a function, variable, class or type, a member, or an export. */
function declares(source: string, name: string): boolean {
  const n = escapeName(name);
  return [
    new RegExp(`\\b(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${n}\\b`),
    new RegExp(
      `^\\s*(?:(?:export|readonly|async|get|set|static)\\s+)*${n}\\s*\\??\\s*(?:[(:<]|=[^=])`,
      "m",
    ),
    new RegExp(`export\\s+(?:type\\s+)?\\{[^}]*\\b${n}\\b[^}]*\\}`),
  ].some((pattern) => pattern.test(source));
}

const sources = new Map<string, string>();
function sourceOf(path: string): string {
  let text = sources.get(path);
  if (text === undefined) {
    text = readFileSync(path, "utf8");
    sources.set(path, text);
  }
  return text;
}

/** The published package names, and each one's export subpaths. */
function packageExports(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const entry of readdirSync(PACKAGES, { withFileTypes: true })) {
    const manifest = join(PACKAGES, entry.name, "package.json");
    if (!entry.isDirectory() || !existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    names.set(pkg.name, Object.keys(pkg.exports ?? { ".": null }));
  }
  return names;
}

/** Paths that do not exist, `file:name`s not declared there, unknown `@returnkit/…` packages. */
function referenceProblems(markdown: string): string[] {
  const problems: string[] = [];
  const packages = packageExports();
  for (const token of codeSpans(markdown)) {
    const fileSymbol = FILE_SYMBOL.exec(token);
    if (fileSymbol) {
      const [, file = "", name = ""] = fileSymbol;
      const path = resolvePath(file);
      if (!existsSync(path)) problems.push(`${token}: no file ${path}`);
      else if (!declares(sourceOf(path), name)) problems.push(`${token}: ${name} not declared`);
    } else if (token.startsWith("@returnkit/")) {
      const [scope, name, ...rest] = token.split("/");
      const subpaths = packages.get(`${scope}/${name}`);
      const subpath = rest.length ? `./${rest.join("/")}` : ".";
      if (!subpaths?.includes(subpath)) problems.push(`${token}: no such package or export`);
    } else if (looksLikePath(token) && !existsSync(resolvePath(token))) {
      problems.push(`${token}: no such path (${resolvePath(token)})`);
    }
  }
  return problems;
}

/** `name: string[]` of every member of `interfaceName` in `source`, through its `extends`. */
function interfaceMembers(source: string, interfaceName: string): string[] {
  const header = new RegExp(
    `^export interface ${escapeName(interfaceName)}\\b([^{]*)\\{\\n([\\s\\S]*?)^\\}`,
    "m",
  ).exec(source);
  if (!header) throw new Error(`no interface ${interfaceName}`);
  const [, heritage = "", body = ""] = header;
  const own = [...body.matchAll(/^ {2}(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*[(:<]/gm)].map(
    (match) => match[1] ?? "",
  );
  const parents = /extends([\s\S]*)/.exec(heritage)?.[1]?.match(/[A-Za-z_$][\w$]*/g) ?? [];
  return [...own, ...parents.flatMap((parent) => interfaceMembers(source, parent))];
}

const STORE_TYPES = join(SRC, "store/types.ts");

function storeMembers(): string[] {
  return interfaceMembers(sourceOf(STORE_TYPES), "ReturnsStore");
}

/**
 * Names in the walk that no file of the walk declares. `store.x` is a store method; any other
 * name must be declared in one of the files the walk names.
 */
function walkNameProblems(walk: string): string[] {
  const tokens = codeSpans(walk);
  const files = new Set<string>();
  for (const token of tokens) {
    const file = FILE_SYMBOL.exec(token)?.[1] ?? (looksLikePath(token) ? token : null);
    const path = file && resolvePath(file);
    if (path && /\.tsx?$/.test(path) && existsSync(path)) files.add(path);
  }
  const members = new Set(storeMembers());
  const problems: string[] = [];
  for (const token of tokens) {
    if (FILE_SYMBOL.test(token) || looksLikePath(token)) continue;
    const dotted = NAME.exec(token)?.[1];
    if (!dotted) continue;
    const segments = dotted.split(".");
    const name = segments.at(-1) ?? "";
    const known =
      segments[0] === "store" && segments.length === 2
        ? members.has(name)
        : [...files].some((path) => declares(sourceOf(path), name));
    if (!known) problems.push(`${token}: ${name} is declared in no file the walk names`);
  }
  return problems;
}

/** The map's layer table: the folders of each numbered row, bottom first. */
function mapLayers(map: string): string[][] {
  return [...map.matchAll(/^\|\s*\d+\s*\|([^|]*)\|/gm)].map((row) =>
    codeSpans(row[1] ?? "").map((folder) => folder.replace(/\/$/, "")),
  );
}

/** A file's path as the document writes it: bare in core/src, else from `packages/`. */
function mapPath(path: string): string {
  return path.startsWith(`${SRC}/`) ? relative(SRC, path) : relative(PACKAGES, path);
}

/** The code spans of the "Where each rule lives" row whose rule begins with `rule`. */
function ruleRow(markdown: string, rule: string): string[] {
  const row = markdown.split("\n").find((line) => line.startsWith(`| ${rule}`));
  if (!row) throw new Error(`ARCHITECTURE.md has no row "| ${rule}"`);
  return codeSpans(row);
}

/** The files a row names; `file.ts:name` counts as its file. */
function rowFiles(spans: readonly string[]): string[] {
  const files = spans.map((span) => FILE_SYMBOL.exec(span)?.[1] ?? span);
  return [...new Set(files.filter((span) => /\.tsx?$/.test(span)))].sort();
}

const EVENTS = [...PORTAL_EVENTS, ...MERCHANT_EVENTS].join("|");
/** A line pairing an event with a state: `submit: "draft"`, `{ name: "ship", state: "x" }`. */
const EVENT_WITH_STATE = new RegExp(
  `(?:\\b(?:${EVENTS})\\s*:|"(?:${EVENTS})").*"(?:${RETURN_STATES.join("|")})"`,
);

/** Lines outside the machine that restate which state an event applies in or leads to. */
function restatedTransitions(files: readonly SourceFile[]): string[] {
  return files
    .filter(({ path }) => mapPath(path) !== "domain/machine.ts")
    .flatMap(({ path, source }) =>
      source
        .split("\n")
        .filter((line) => EVENT_WITH_STATE.test(line))
        .map((line) => `${mapPath(path)}: ${line.trim()}`),
    );
}

/** A problem built: a `ProblemError` made or extended, or a body typed with a problem URI. */
const BUILDS_PROBLEM =
  /\bnew ProblemError\s*\(|\bextends ProblemError\b|\btype:\s*(?:[`"']urn:returnkit:problem:|PROBLEM_TYPE_PREFIX\b)/;

/** The files, as the map writes them, that build a problem. */
function problemBuilders(files: readonly SourceFile[]): string[] {
  return files
    .filter(({ source }) => BUILDS_PROBLEM.test(source))
    .map(({ path }) => mapPath(path))
    .sort();
}

const STORE_COMMIT = /\bstore\.(?:commit|commitMany)\s*\(/g;
const TOP_LEVEL_FUNCTION = /^(?:export\s+)?(?:async\s+)?function\*?\s+([A-Za-z_$][\w$]*)/gm;

/** Each `file:function` that calls `store.commit` or `store.commitMany`. */
function storeCommitters(files: readonly SourceFile[]): string[] {
  const found = new Set<string>();
  for (const { path, source } of files) {
    for (const call of source.matchAll(STORE_COMMIT)) {
      const before = source.slice(0, call.index);
      const fn = [...before.matchAll(TOP_LEVEL_FUNCTION)].at(-1)?.[1] ?? "(module)";
      found.add(`${mapPath(path)}:${fn}`);
    }
  }
  return [...found].sort();
}

/** The files, as the map writes them, that call `name(` without declaring it. */
function callersOf(files: readonly SourceFile[], name: string): string[] {
  const call = new RegExp(`\\b${escapeName(name)}\\s*\\(`);
  return files
    .filter(({ source }) => call.test(source) && !declares(source, name))
    .map(({ path }) => mapPath(path))
    .sort();
}

const REQUESTS = "returns/requests/";

/** core/src's production files. */
const CORE = readSources(productionFiles(SRC));
/**
 * Every package's production files but `@returnkit/testing`'s, whose suites are tests: they
 * write out the problems and commits they expect.
 */
const SHIPPED = readSources(
  readdirSync(PACKAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "testing")
    .flatMap((entry) => {
      const src = join(PACKAGES, entry.name, "src");
      return existsSync(src) ? productionFiles(src) : [];
    }),
);

const DOC = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");

describe("ARCHITECTURE.md", () => {
  it("every path, file:name and package it names exists", () => {
    expect(referenceProblems(DOC)).toEqual([]);
  });

  it("every name in the walks is declared in a file the walk names", () => {
    expect(walkNameProblems(section(DOC, "The walk of one write"))).toEqual([]);
    expect(walkNameProblems(section(DOC, "The walk of a return request"))).toEqual([]);
  });

  it("the map lists the layers layers.test.ts enforces, bottom first", () => {
    expect(mapLayers(section(DOC, "The map"))).toEqual(LAYERS.map((layer) => [...layer]));
  });

  it("the machine is the only table of which event applies in which state", () => {
    expect(restatedTransitions(CORE)).toEqual([]);
  });

  it("problems are built only in the files the map names", () => {
    const named = rowFiles(ruleRow(section(DOC, "Where each rule lives"), "a problem"));
    expect(named).toContain("domain/problems.ts");
    expect(problemBuilders(SHIPPED)).toEqual(named);
  });

  it("only the functions the map names call the store's commits", () => {
    const row = ruleRow(section(DOC, "Where each rule lives"), "a commit");
    expect(storeCommitters(SHIPPED)).toEqual(row.filter((span) => FILE_SYMBOL.test(span)).sort());
  });

  it("a request commits through request-commit, never one return's write path", () => {
    const requestCommits = callersOf(CORE, "commitRequestChanges");
    expect(requestCommits).toContain(`${REQUESTS}create-return-request.ts`);
    expect(requestCommits.filter((path) => !path.startsWith(REQUESTS))).toEqual([]);
    expect(callersOf(CORE, "commitChange").filter((path) => path.startsWith(REQUESTS))).toEqual([]);
  });

  it("the store checklist names every member of ReturnsStore", () => {
    const named = new Set(codeSpans(section(DOC, "What a new store must implement")));
    const members = storeMembers();
    expect(members).toContain("commit");
    expect(members.filter((member) => !named.has(member))).toEqual([]);
  });
});

describe("the ARCHITECTURE.md checks", () => {
  it("report a path, a file, a name and a package that do not exist", () => {
    const wrong = [
      "`http/no-such-file.ts`",
      "`returns/write-path.ts:noSuchFunction`",
      "`store-postgres/src/nowhere.ts:commit`",
      "`@returnkit/no-such-package`",
      "`@returnkit/core/no-such-export`",
    ].join(" ");
    expect(referenceProblems(wrong)).toHaveLength(5);
    expect(referenceProblems("`returns/write-path.ts:transition` `@returnkit/core`")).toEqual([]);
  });

  it("report a name of the walk that its files do not declare", () => {
    expect(walkNameProblems("`returns/write-path.ts` `transition` `store.commit`")).toEqual([]);
    expect(walkNameProblems("`returns/write-path.ts` `transitionn` `store.comit`")).toEqual([
      "transitionn: transitionn is declared in no file the walk names",
      "store.comit: comit is declared in no file the walk names",
    ]);
  });

  it("report a restated transition, a misplaced problem and a commit off the named path", () => {
    const at = (file: string, source: string): SourceFile => ({ path: join(SRC, file), source });
    const table = 'const APPLIES_IN = { submit: "draft" };';
    expect(
      restatedTransitions([
        at("returns/x.ts", table),
        at("domain/machine.ts", 'submit: { target: "submitted" },'),
      ]),
    ).toEqual([`returns/x.ts: ${table}`]);
    expect(
      problemBuilders([
        at("returns/a.ts", 'throw new ProblemError(409, "x", "X", "x");'),
        at("http/b.ts", 'return json({ type: "urn:returnkit:problem:x", status: 400 });'),
        at("http/c.ts", "class Gone extends ProblemError {}"),
        {
          path: join(PACKAGES, "ui/src/d.ts"),
          source: "({ type: `urn:returnkit:problem:` + slug })",
        },
        at("returns/e.ts", "throw problems.returnNotFound(id);"),
      ]),
    ).toEqual(["http/b.ts", "http/c.ts", "returns/a.ts", "ui/src/d.ts"]);
    const stray =
      "export async function sendRequestEvent() {\n  await deps.store.commitMany(c);\n}";
    expect(storeCommitters([at(`${REQUESTS}request-events.ts`, stray)])).toEqual([
      `${REQUESTS}request-events.ts:sendRequestEvent`,
    ]);
    const oneByOne = at(`${REQUESTS}x.ts`, "await commitChange(deps, change);");
    expect(callersOf([oneByOne], "commitChange")).toEqual([`${REQUESTS}x.ts`]);
  });

  it("read a layer table and a store interface as the document and types.ts write them", () => {
    expect(mapLayers("| 1 | `util/` | x |\n| 2 | `store/`, `auth/` | y |")).toEqual([
      ["util"],
      ["store", "auth"],
    ]);
    expect(storeMembers()).toEqual(
      expect.arrayContaining(["name", "commitMany", "returnedQuantities", "fitInsights", "purge"]),
    );
  });
});
