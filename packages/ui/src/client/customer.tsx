/**
 * @module client/customer — the customer's returns page as a custom element,
 * `<returnkit-returns>`: served standalone by the mount, or placed in a shop's own page with
 * one script tag (attributes `api`, `order`, `locale`, `sign-in-url`).
 */
import { render } from "preact";
import { createApi } from "./api";
import { createPageAuth } from "./auth";
import { ensureStylesheet, readConfig } from "./config";
import { CustomerApp } from "./customer/app";
import { createI18n } from "./i18n";
import { Page } from "./shared/context";

class ReturnkitReturns extends HTMLElement {
  connectedCallback() {
    void this.start();
  }

  private async start() {
    ensureStylesheet();
    const config = readConfig(this, "customer");
    const i18n = createI18n(config.locale);
    document.documentElement.lang = i18n.locale;
    const auth = await createPageAuth(config);
    const api = createApi(config, auth);
    render(
      <Page.Provider value={{ api, auth, config, i18n }}>
        <CustomerApp initialOrder={this.getAttribute("order")} />
      </Page.Provider>,
      this,
    );
  }
}

if (!customElements.get("returnkit-returns")) {
  customElements.define("returnkit-returns", ReturnkitReturns);
}
