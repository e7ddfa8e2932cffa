import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./page-cursor";

const base64url = (json: string) => Buffer.from(json).toString("base64url");

describe("page cursors", () => {
  it("decodeCursor - reads back the key a cursor was written from, unicode and null included", () => {
    const key = ["TEE-ÄÖ-👕", null, 42];

    expect(decodeCursor(encodeCursor(key), 100)).toEqual(key);
  });

  it("decodeCursor - refuses text it did not write, and any cursor past the length asked", () => {
    const cursor = encodeCursor(["TEE", "M"]);
    const refused = [
      "",
      "not a cursor",
      `${cursor}=`,
      cursor.slice(1),
      Buffer.from('["TEE","M"]').toString("base64"),
      base64url('[ "TEE","M"]'),
      base64url('{"sku":"TEE"}'),
      base64url("7"),
      base64url('["TEE",'),
      "gA",
    ];

    expect(refused.filter((text) => decodeCursor(text, 100) !== null)).toEqual([]);
    expect(decodeCursor(cursor, cursor.length)).toEqual(["TEE", "M"]);
    expect(decodeCursor(cursor, cursor.length - 1)).toBeNull();
  });
});
