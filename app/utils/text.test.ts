import { describe, expect, it } from "vitest";
import { cleanInput } from "./text";

describe("cleanInput", () => {
  it("drops NUL and the bidi embedding, override and isolate controls", () => {
    expect(cleanInput("a\u0000b")).toBe("ab");
    expect(cleanInput("\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069")).toBe("abcdefgh");
  });

  it("keeps right-to-left words and the left-to-right and right-to-left marks", () => {
    expect(cleanInput("مقهى\u200F Café\u200E שלום")).toBe("مقهى\u200F Café\u200E שלום");
  });
});
