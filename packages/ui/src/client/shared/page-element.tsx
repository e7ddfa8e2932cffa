/**
 * @module client/shared/page-element — one page as a custom element: its stylesheet, config,
 * messages and sign-in set up when it connects, then its app rendered inside it.
 */
import { type ComponentChild, render } from "preact";
import { createApi } from "../api";
import { createPageAuth } from "../auth";
import { type ClientConfig, ensureStylesheet, readConfig } from "../config";
import { createI18n } from "../i18n";
import { Page } from "./context";

/** Defines `<name>` (once) as the page `page`, rendering what `app(element)` gives. */
export function definePageElement(
  name: string,
  page: ClientConfig["page"],
  app: (element: HTMLElement) => ComponentChild,
): void {
  if (customElements.get(name)) return;
  class PageElement extends HTMLElement {
    connectedCallback() {
      void this.start();
    }

    private async start() {
      ensureStylesheet();
      const config = readConfig(this, page);
      const i18n = createI18n(config.locale);
      document.documentElement.lang = i18n.locale;
      const auth = await createPageAuth(config);
      const api = createApi(config, auth);
      render(<Page.Provider value={{ api, auth, config, i18n }}>{app(this)}</Page.Provider>, this);
    }
  }
  customElements.define(name, PageElement);
}
