// Tests run against the workspace sources, never a stale dist: every @returnkit/* import
// resolves to the package's src entry.
import { fileURLToPath } from "node:url";

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

export const workspaceAlias = [
  { find: /^@returnkit\/core\/store$/, replacement: src("core/src/store-entry.ts") },
  { find: /^@returnkit\/testing$/, replacement: src("testing/src/index.ts") },
  { find: /^@returnkit\/core$/, replacement: src("core/src/index.ts") },
  { find: /^@returnkit\/adapter-hono$/, replacement: src("adapter-hono/src/index.ts") },
  { find: /^@returnkit\/adapter-express$/, replacement: src("adapter-express/src/index.ts") },
  { find: /^@returnkit\/webhook-verify$/, replacement: src("webhook-verify/src/index.ts") },
  { find: /^@returnkit\/carrier-easypost$/, replacement: src("carrier-easypost/src/index.ts") },
  {
    find: /^@returnkit\/carrier-easypost\/stand-in$/,
    replacement: src("carrier-easypost/src/stand-in/index.ts"),
  },
  { find: /^@returnkit\/store-postgres$/, replacement: src("store-postgres/src/index.ts") },
  { find: /^@returnkit\/dev-auth$/, replacement: src("dev-auth/src/index.ts") },
  { find: /^@returnkit\/mcp$/, replacement: src("mcp/src/index.ts") },
  { find: /^@returnkit\/cli$/, replacement: src("cli/src/index.ts") },
  { find: /^@returnkit\/ui$/, replacement: src("ui/src/index.ts") },
  { find: /^@returnkit\/ui\/mcp-app$/, replacement: src("ui/src/mcp-app.ts") },
];

/**
 * A backstop, not a way to wait: every wait in a test is for its signal (an event, a line, an
 * answer) with a bound of its own. On a busy machine a file's first case also pays for
 * warming up every module it loads, which can take longer than vitest's 5 s (10 s for hooks).
 */
export const busyMachineTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
