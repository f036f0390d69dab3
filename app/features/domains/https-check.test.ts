import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { domainProofOf } from "./https-check.server";

const secret = "s".repeat(40);

describe("domainProofOf", () => {
  it("signs with a key derived for this purpose alone, never with the raw secret", () => {
    const rawSecretMac = crypto.createHmac("sha256", secret).update("leadqr-domain-proof:shop.example.com").digest("hex");
    expect(domainProofOf("shop.example.com", secret)).not.toBe(rawSecretMac);
    const key = Buffer.from(crypto.hkdfSync("sha256", secret, "leadqr", "domain proof", 32));
    expect(domainProofOf("shop.example.com", secret)).toBe(crypto.createHmac("sha256", key).update("shop.example.com").digest("hex"));
  });

  it("answers differently for each name and each secret", () => {
    expect(domainProofOf("a.example.com", secret)).not.toBe(domainProofOf("b.example.com", secret));
    expect(domainProofOf("a.example.com", secret)).not.toBe(domainProofOf("a.example.com", "t".repeat(40)));
  });
});
