/**
 * @module client/shared/use-return-policy — the shop's published return policy
 * (`GET /v1/return-policy`), fetched once per page: the return methods it offers and what it
 * tells the customer for each (the return address, drop-off instructions, the stores).
 */
import { useEffect, useState } from "preact/hooks";
import type { Api } from "../api";
import { apiPaths } from "../api-paths";
import type { ReturnPolicy } from "../api-schemas";
import { usePage } from "./context";

let published: Promise<ReturnPolicy> | undefined;

function loadPolicy(api: Api): Promise<ReturnPolicy> {
  published ??= api.get<ReturnPolicy>(apiPaths.returnPolicy());
  published.catch(() => {
    published = undefined;
  });
  return published;
}

/** The policy, null until it arrives (or when it cannot be read). */
export function useReturnPolicy(): ReturnPolicy | null {
  const { api } = usePage();
  const [policy, setPolicy] = useState<ReturnPolicy | null>(null);
  useEffect(() => {
    loadPolicy(api).then(setPolicy, () => setPolicy(null));
  }, []);
  return policy;
}
