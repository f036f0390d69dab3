import { describe, expect, it } from "vitest";
import { newNonce } from "./edge";

describe("newNonce", () => {
  it("gives 16 random bytes in base64, never the same twice across pool refills", () => {
    const nonces = Array.from({ length: 1_000 }, newNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
