// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead").
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { presentClaim, redeemUrlOf } from "./claim.server";
import { generateOfferCode } from "./code";

async function decode(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).resize(300, 300).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe("a claim's QR code", () => {
  // The mask is fixed rather than scored per code: every code must still read back.
  it("opens the counter with its own code, for many random codes", async () => {
    for (let i = 0; i < 60; i++) {
      const code = generateOfferCode();
      const view = await presentClaim({ code, expiresAt: null }, "UTC");
      expect(await decode(view.qrSvg)).toBe(redeemUrlOf(code));
    }
  });
});
