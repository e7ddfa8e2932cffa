/**
 * @module client/mcp-app — the customer page's return form and returns, as an MCP Apps view
 * (`ui://returnkit/customer-returns.html`) in the agent's window. The host renders it for the
 * customer's `returnable_lines`, `estimate_return_request` and `get_return_request`; the same
 * components as the page take their data and actions from the server's tools through the host
 * (`tools/call`), since the view may not fetch, and the model is told what the customer did.
 */
import {
  App,
  applyDocumentTheme,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ComponentChildren, render } from "preact";
import { useState } from "preact/hooks";
import type { PageAuth } from "./auth";
import type { ClientConfig } from "./config";
import { ReturnForm } from "./customer/return-form";
import { ReturnsList } from "./customer/returns-list";
import { createI18n } from "./i18n";
import { createToolApi, problemOf } from "./mcp/tool-api";
import { type CustomerViewKind, submittedSentence, viewOf } from "./mcp/view-of";
import { describeProblem } from "./problems";
import { Page } from "./shared/context";
import { Notice } from "./shared/parts";

const app = new App({ name: "returnkit-customer-returns", version: "1" }, {});

/** The host signs the calls (its own MCP session): nothing for the page to sign in to. */
const auth: PageAuth = {
  token: () => null,
  csrf: async () => null,
  ready: () => true,
  signIn: () => {},
  useGuestSession: () => {},
  isGuest: () => false,
};

const api = createToolApi(app, (tool, structured) => {
  const sentence = tool === "submit_return_request" ? submittedSentence(structured) : null;
  // The host may not take model context: the return is submitted all the same.
  if (sentence)
    app.updateModelContext({ content: [{ type: "text", text: sentence }] }).catch(() => {});
});

function applyHostContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
}

/** As on the page: the form (for an order) above the order's returns, which reload after a change. */
function CustomerView({ view }: { view: CustomerViewKind }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <>
      {view.form ? (
        <ReturnForm orderId={view.orderId} version={version} onSubmitted={changed} />
      ) : null}
      <ReturnsList orderId={view.orderId} version={version} onChanged={changed} />
    </>
  );
}

/** The view is a document of its own: its main landmark and heading, as the page's. */
function ViewPage({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <main class="rk-main">
      <h1 class="rk-view-title">{title}</h1>
      {children}
    </main>
  );
}

function show(result: CallToolResult): void {
  const root = document.getElementById("rk-view");
  if (!root) return;
  const context = app.getHostContext();
  const i18n = createI18n(context?.locale ?? null);
  document.documentElement.lang = i18n.locale;
  const config: ClientConfig = {
    page: "customer",
    api: "",
    base: "",
    signIn: { mode: "session" },
    csrf: null,
    brand: { name: "", logoUrl: null },
    locale: i18n.locale,
    embedded: true,
  };
  const view = viewOf(result.structuredContent);
  // A refusal (another customer's order, an unknown id) is said in words, and nothing else shown.
  const refused = view ? null : describeProblem(problemOf(result), i18n);
  render(
    <Page.Provider value={{ api, auth, config, i18n }}>
      <ViewPage title={i18n.t("app.customerTitle")}>
        {view ? <CustomerView view={view} /> : <Notice kind="error">{refused}</Notice>}
      </ViewPage>
    </Page.Provider>,
    root,
  );
}

app.ontoolresult = (params) => show(params);
app.onhostcontextchanged = (params) => applyHostContext(params);
void app.connect(new PostMessageTransport(window.parent, window.parent)).then(() => {
  applyHostContext(app.getHostContext());
});
