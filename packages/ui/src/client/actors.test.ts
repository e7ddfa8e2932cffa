import { describe, expect, test } from "vitest";
import { describeActor } from "./actors";
import { createI18n } from "./i18n";

describe("describeActor", () => {
  const en = createI18n("en-GB");
  const de = createI18n("de-DE");

  test("describeActor - names the known kinds in the reader's language", () => {
    expect(describeActor({ kind: "merchant", id: "staff-2" }, en.t)).toBe("Staff staff-2");
    expect(describeActor({ kind: "portal", id: "cus_7" }, de.t)).toBe("Kunde cus_7");
    expect(describeActor({ kind: "carrier", id: "easypost" }, en.t)).toBe("Carrier easypost");
  });

  test("describeActor - a kind it does not know in words, never the raw code", () => {
    expect(describeActor({ kind: "warehouse_robot", id: "r2" }, en.t)).toBe("Warehouse robot r2");
    expect(describeActor({ kind: "warehouse_robot", id: "r2" }, de.t)).toBe("Warehouse robot r2");
  });

  test("describeActor - says whom the actor acted for", () => {
    const erasure = {
      kind: "privacy",
      id: "erasure",
      on_behalf_of: { kind: "merchant", id: "ops-1" },
    };
    expect(describeActor(erasure, en.t)).toBe("Privacy erasure, requested by Staff ops-1");
    expect(describeActor(erasure, de.t)).toBe("Datenschutz-Löschung, beantragt von Team ops-1");
    const robot = {
      kind: "warehouse_robot",
      id: "r2",
      on_behalf_of: { kind: "merchant", id: "ops-1" },
    };
    expect(describeActor(robot, en.t)).toBe("Warehouse robot r2 for Staff ops-1");
  });
});
