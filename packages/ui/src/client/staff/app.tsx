/**
 * @module client/staff/app — the back office: the queue, one return, one return request, one
 * customer, webhooks, fit insights.
 */
import { useEffect, useState } from "preact/hooks";
import { usePage } from "../shared/context";
import { Header, SignedOutBanner } from "../shared/parts";
import { CustomerView } from "./customer-view";
import { Insights } from "./insights";
import { Queue } from "./queue";
import { RequestDetail } from "./request-detail";
import { ReturnDetail } from "./return-detail";
import { Webhooks } from "./webhooks";

type View =
  | { kind: "queue" }
  | { kind: "return"; id: string }
  | { kind: "request"; id: string }
  | { kind: "customer"; id: string }
  | { kind: "webhooks" }
  | { kind: "insights" };

function viewFromUrl(): View {
  const params = new URLSearchParams(location.search);
  const id = params.get("return");
  if (id) return { kind: "return", id };
  const request = params.get("request");
  if (request) return { kind: "request", id: request };
  const customer = params.get("customer");
  if (customer) return { kind: "customer", id: customer };
  const view = params.get("view");
  if (view === "webhooks" || view === "insights") return { kind: view };
  return { kind: "queue" };
}

function urlOf(view: View): string {
  const url = new URL(location.href);
  url.search = "";
  if ("id" in view) url.searchParams.set(view.kind, view.id);
  else if (view.kind !== "queue") url.searchParams.set("view", view.kind);
  return url.toString();
}

export function StaffApp() {
  const { auth, i18n } = usePage();
  const [view, setView] = useState<View>(viewFromUrl);
  useEffect(() => {
    const back = () => setView(viewFromUrl());
    addEventListener("popstate", back);
    return () => removeEventListener("popstate", back);
  }, []);
  const go = (next: View) => {
    history.pushState(null, "", urlOf(next));
    setView(next);
    scrollTo(0, 0);
  };
  if (!auth.ready()) {
    return (
      <>
        <Header title={i18n.t("app.staffTitle")} />
        <main class="rk-main">
          <button type="button" class="rk-button rk-primary" onClick={() => auth.signIn()}>
            {i18n.t("auth.signIn")}
          </button>
        </main>
      </>
    );
  }
  const tabs: [View["kind"], string][] = [
    ["queue", i18n.t("staff.queue")],
    ["webhooks", i18n.t("staff.webhooks")],
    ["insights", i18n.t("staff.insights")],
  ];
  return (
    <>
      <Header title={i18n.t("app.staffTitle")} />
      <nav class="rk-main rk-wide" aria-label={i18n.t("app.staffTitle")}>
        <ul class="rk-tabs">
          {tabs.map(([kind, label]) => (
            <li key={kind}>
              <button
                type="button"
                aria-pressed={view.kind === kind}
                onClick={() => go({ kind } as View)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main class="rk-main rk-wide">
        <SignedOutBanner />
        {view.kind === "queue" ? <Queue onOpen={({ kind, id }) => go({ kind, id })} /> : null}
        {view.kind === "return" ? (
          <ReturnDetail
            key={view.id}
            id={view.id}
            onBack={() => go({ kind: "queue" })}
            onOpenReturn={(id) => go({ kind: "return", id })}
            onOpenRequest={(id) => go({ kind: "request", id })}
            onOpenCustomer={(id) => go({ kind: "customer", id })}
          />
        ) : null}
        {view.kind === "request" ? (
          <RequestDetail
            id={view.id}
            onBack={() => go({ kind: "queue" })}
            onOpenReturn={(id) => go({ kind: "return", id })}
            onOpenCustomer={(id) => go({ kind: "customer", id })}
          />
        ) : null}
        {view.kind === "customer" ? (
          <CustomerView
            key={view.id}
            id={view.id}
            onBack={() => go({ kind: "queue" })}
            onOpenReturn={(id) => go({ kind: "return", id })}
          />
        ) : null}
        {view.kind === "webhooks" ? <Webhooks /> : null}
        {view.kind === "insights" ? <Insights /> : null}
      </main>
    </>
  );
}
