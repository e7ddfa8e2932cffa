/**
 * @module client/mcp/tool-api — the customer page's `Api`, answered by the MCP server's tools
 * instead of the REST API: inside an MCP Apps host the view may not fetch (its CSP says
 * `connect-src 'none'`), so every call the components make by path goes to the tool that does
 * the same for the same caller, through the host. The components stay as they are.
 */
import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { type Api, ApiProblem } from "../api";
import { apiPaths } from "../api-paths";

/** What the view needs of the host: the App's own calls, nothing else. */
interface ToolHost {
  callServerTool(params: {
    name: string;
    arguments: Record<string, unknown>;
  }): Promise<CallToolResult>;
  readServerResource(params: { uri: string }): Promise<ReadResourceResult>;
}

/** Told of each tool call that changed something, so the view can tell the model. */
type ToolWritten = (tool: string, structured: Record<string, unknown>) => void;

const REASONS_URI = "returnkit://reasons";

/** The REST path of a request's submit form, which the tools' answers do not carry. */
function submitPath(id: string): string {
  return `${apiPaths.portalReturnRequest(id)}/submit`;
}

/** A refused tool call as the `ApiProblem` the API would have thrown. */
export function problemOf(result: CallToolResult): ApiProblem {
  const structured = (result.structuredContent ?? {}) as Record<string, unknown>;
  const problem = (structured.problem ?? {}) as Record<string, unknown>;
  const type = typeof problem.type === "string" ? problem.type : "";
  const slug = type.startsWith("urn:returnkit:problem:") ? (type.split(":").pop() ?? "") : "";
  return new ApiProblem(Number(problem.status) || 400, slug || "generic", problem);
}

/** A tool's answer as the API's body; a refusal thrown. */
function bodyOf(result: CallToolResult): Record<string, unknown> {
  if (result.isError) throw problemOf(result);
  return (result.structuredContent ?? {}) as Record<string, unknown>;
}

/** A request as the REST API answers it: drafts carry the `submit` form the page follows. */
function withSubmitForm(request: Record<string, unknown>): Record<string, unknown> {
  const returns = (request.returns ?? []) as { state?: string }[];
  if (!returns.some((one) => one.state === "draft")) return request;
  const submit = { method: "POST", target: submitPath(String(request.id)) };
  return { ...request, _templates: { ...(request._templates as object), submit } };
}

/**
 * An order as the REST API answers it: each line that can still be returned carries a `create`
 * form (the page offers a line only with one). Without the form's properties the page takes
 * the line's own `resolutions` and `returnable_quantity`, which the tool's answer has.
 */
function withCreateForms(order: Record<string, unknown>): Record<string, unknown> {
  const lines = (order.lines ?? []) as { returnable_quantity?: number; _templates?: object }[];
  const create = { method: "POST", target: apiPaths.portalReturns() };
  return {
    ...order,
    lines: lines.map((line) => ({
      ...line,
      _templates: {
        ...line._templates,
        ...((line.returnable_quantity ?? 0) > 0 ? { create } : {}),
      },
    })),
  };
}

export function createToolApi(host: ToolHost, written: ToolWritten = () => {}): Api {
  const call = async (name: string, args: Record<string, unknown>) => {
    let result: CallToolResult;
    try {
      result = await host.callServerTool({ name, arguments: args });
    } catch {
      // The host or the server did not answer: as the page says of a network failure.
      throw new ApiProblem(0, "network", {});
    }
    return bodyOf(result);
  };
  const write = async (name: string, args: Record<string, unknown>) => {
    const body = await call(name, { ...args, idempotency_key: crypto.randomUUID() });
    written(name, body);
    return withSubmitForm(body.request as Record<string, unknown>);
  };

  async function get(target: string): Promise<unknown> {
    const url = new URL(target, "https://api.invalid");
    const path = url.pathname;
    if (path === apiPaths.reasons()) {
      const read = await host.readServerResource({ uri: REASONS_URI });
      const first = read.contents[0];
      return { object: "list", data: JSON.parse(first && "text" in first ? first.text : "[]") };
    }
    const returnable = /^\/v1\/portal\/orders\/([^/]+)\/returnable$/.exec(path);
    if (returnable?.[1]) {
      const body = await call("returnable_lines", { order_id: decodeURIComponent(returnable[1]) });
      return withCreateForms(body.order as Record<string, unknown>);
    }
    const request = /^\/v1\/portal\/return-requests\/([^/]+)$/.exec(path);
    if (request?.[1]) {
      const body = await call("get_return_request", { id: decodeURIComponent(request[1]) });
      return withSubmitForm(body.request as Record<string, unknown>);
    }
    if (path === "/v1/portal/returns") {
      const query = Object.fromEntries(url.searchParams);
      const limit = query.limit ? { limit: Number(query.limit) } : {};
      const page = await call("list_my_returns", { ...query, ...limit });
      return { object: "list", data: page.returns, next_cursor: page.next_cursor ?? null };
    }
    // No tool reads it (the published policy): the components go on without it.
    throw new ApiProblem(0, "unavailable", {});
  }

  async function send(target: string, body?: unknown): Promise<unknown> {
    const path = new URL(target, "https://api.invalid").pathname;
    const args = (body ?? {}) as Record<string, unknown>;
    if (path === apiPaths.returnRequestEstimate()) {
      return (await call("estimate_return_request", args)).estimate;
    }
    if (path === apiPaths.portalReturnRequests()) return write("start_return_request", args);
    const submit = /^\/v1\/portal\/return-requests\/([^/]+)\/submit$/.exec(path);
    if (submit?.[1]) {
      return write("submit_return_request", { ...args, id: decodeURIComponent(submit[1]) });
    }
    throw new ApiProblem(0, "unavailable", {});
  }

  return {
    get: (target) => get(target) as Promise<never>,
    send: (target, body) => send(target, body) as Promise<never>,
  };
}
