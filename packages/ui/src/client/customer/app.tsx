/** @module client/customer/app — the customer's page: find an order, return from it, follow it. */
import { useState } from "preact/hooks";
import { usePage } from "../shared/context";
import { Header, SignedOutBanner, SignInPrompt, useSignedOut } from "../shared/parts";
import { GuestLookup } from "./guest-lookup";
import { PackingSlip } from "./packing-slip";
import { ReturnForm } from "./return-form";
import { ReturnsList } from "./returns-list";

function orderFromUrl(): string | null {
  return new URLSearchParams(location.search).get("order");
}

/** The request whose packing slip the page shows alone (`?slip=rrq_…`), if any. */
function slipFromUrl(): string | null {
  return new URLSearchParams(location.search).get("slip");
}

export function CustomerApp({ initialOrder }: { initialOrder: string | null }) {
  const { auth, config, i18n } = usePage();
  const Main = config.embedded ? "div" : "main";
  const header = config.embedded ? null : <Header title={i18n.t("app.customerTitle")} />;
  const [orderId, setOrderId] = useState<string | null>(initialOrder ?? orderFromUrl());
  const [version, setVersion] = useState(0);
  // A guest's lookup is offered until a guest session signs the calls.
  const [guest, setGuest] = useState(false);
  const offerGuests = Boolean(config.guests) && !guest;
  const signedOut = useSignedOut();
  const foundAsGuest = (id: string) => {
    setGuest(true);
    open(id);
  };

  const open = (next: string | null) => {
    const url = new URL(location.href);
    if (next) url.searchParams.set("order", next);
    else url.searchParams.delete("order");
    history.pushState(null, "", url);
    setOrderId(next);
  };

  const slip = slipFromUrl();
  if (slip && auth.ready()) return <PackingSlip requestId={slip} />;
  // Signed out: not signed in yet (OAuth), or, with the host's session, its API said so.
  if (!auth.ready() || (offerGuests && signedOut)) {
    return (
      <>
        {header}
        <Main class="rk-main">
          {offerGuests ? <GuestLookup onFound={foundAsGuest} /> : null}
          <SignInPrompt message={offerGuests ? "guest.orSignIn" : "auth.signInToContinue"} />
        </Main>
      </>
    );
  }
  return (
    <>
      {header}
      <Main class="rk-main">
        <SignedOutBanner />
        {guest ? null : <OrderLookup current={orderId} onOpen={open} />}
        {orderId ? (
          <ReturnForm
            orderId={orderId}
            version={version}
            onSubmitted={() => setVersion((v) => v + 1)}
          />
        ) : null}
        <ReturnsList
          orderId={orderId}
          version={version}
          onChanged={() => setVersion((v) => v + 1)}
        />
      </Main>
    </>
  );
}

function OrderLookup({ current, onOpen }: { current: string | null; onOpen(id: string): void }) {
  const { i18n } = usePage();
  const [value, setValue] = useState(current ?? "");
  return (
    <form
      class="rk-card rk-lookup"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) onOpen(value.trim());
      }}
    >
      <label for="rk-order-id">{i18n.t("order.label")}</label>
      <div class="rk-inline">
        <input
          id="rk-order-id"
          type="text"
          autocomplete="off"
          maxLength={128}
          value={value}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" class="rk-button">
          {i18n.t("order.find")}
        </button>
      </div>
    </form>
  );
}
