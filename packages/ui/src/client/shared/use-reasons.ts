/** @module client/shared/use-reasons — the reason catalogue, fetched once per page, as labels. */
import { useEffect, useState } from "preact/hooks";
import type { Api } from "../api";
import { apiPaths } from "../api-paths";
import type { Reason, ReasonList } from "../api-schemas";
import { humaniseCode } from "../codes";
import { reasonLabel } from "../reasons";
import { usePage } from "./context";

let catalogue: Promise<Reason[]> | undefined;

function loadReasons(api: Api): Promise<Reason[]> {
  catalogue ??= api.get<ReasonList>(apiPaths.reasons()).then((page) => page.data);
  catalogue.catch(() => {
    catalogue = undefined;
  });
  return catalogue;
}

/** The catalogue (empty until it arrives) and a code's label in the page's language. */
export function useReasons(): { reasons: Reason[]; label(code: string): string } {
  const { api, i18n } = usePage();
  const [reasons, setReasons] = useState<Reason[]>([]);
  useEffect(() => {
    loadReasons(api).then(setReasons, () => setReasons([]));
  }, []);
  return {
    reasons,
    label(code) {
      const reason = reasons.find((r) => r.code === code);
      // A code the catalogue does not (or not yet) hold: words, never the raw code.
      return reason ? reasonLabel(reason, i18n) : humaniseCode(code);
    },
  };
}
