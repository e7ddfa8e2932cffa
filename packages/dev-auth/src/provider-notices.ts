/**
 * @module provider-notices — oidc-provider started without the notices that say what this
 * server already is.
 *
 * oidc-provider prints them with `console.warn` (no warning code, no setting turns them off):
 * at its first import on a runtime below Node 22 LTS, and when a provider is created with its
 * in-memory adapter and its development login forms. A development server is meant to be
 * exactly that, and a newcomer running the demo can do nothing about either, so only these
 * three are dropped, and only while a provider starts; anything else is printed as usual.
 */

const DEVELOPMENT_NOTICES = [
  "Unsupported runtime.",
  "development-only in-memory adapter",
  "development-only feature devInteractions",
];

function isDevelopmentNotice(args: unknown[]): boolean {
  const [first] = args;
  return (
    typeof first === "string" &&
    first.includes("oidc-provider WARNING: ") &&
    DEVELOPMENT_NOTICES.some((notice) => first.includes(notice))
  );
}

/** Starts nested or concurrently share one filter, removed when the last one ends. */
let starting = 0;
let printWarning: typeof console.warn = console.warn;

/** Runs `start` with oidc-provider's development notices dropped from `console.warn`. */
export async function withoutDevelopmentNotices<T>(start: () => Promise<T>): Promise<T> {
  if (starting++ === 0) {
    printWarning = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!isDevelopmentNotice(args)) printWarning.apply(console, args);
    };
  }
  try {
    return await start();
  } finally {
    if (--starting === 0) console.warn = printWarning;
  }
}
