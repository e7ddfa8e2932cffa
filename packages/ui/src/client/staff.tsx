/** @module client/staff — the back office as a custom element, `<returnkit-back-office>`. */
import { render } from "preact";
import { createApi } from "./api";
import { createPageAuth } from "./auth";
import { ensureStylesheet, readConfig } from "./config";
import { createI18n } from "./i18n";
import { Page } from "./shared/context";
import { StaffApp } from "./staff/app";

class ReturnkitBackOffice extends HTMLElement {
  connectedCallback() {
    void this.start();
  }

  private async start() {
    ensureStylesheet();
    const config = readConfig(this, "staff");
    const i18n = createI18n(config.locale);
    document.documentElement.lang = i18n.locale;
    const auth = await createPageAuth(config);
    const api = createApi(config, auth);
    render(
      <Page.Provider value={{ api, auth, config, i18n }}>
        <StaffApp />
      </Page.Provider>,
      this,
    );
  }
}

if (!customElements.get("returnkit-back-office")) {
  customElements.define("returnkit-back-office", ReturnkitBackOffice);
}
