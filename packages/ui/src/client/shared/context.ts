/** @module client/shared/context — what every component of a page uses: the API and the words. */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Api } from "../api";
import type { PageAuth } from "../auth";
import type { ClientConfig } from "../config";
import type { I18n } from "../i18n";

interface PageContext {
  api: Api;
  auth: PageAuth;
  config: ClientConfig;
  i18n: I18n;
}

export const Page = createContext<PageContext | null>(null);

export function usePage(): PageContext {
  const page = useContext(Page);
  if (!page) throw new Error("returnkit: a component outside its page");
  return page;
}
