import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, codeFromScan, formatOfferCode, generateOfferCode, normalizeOfferCode } from "./code";
import { redeemUrlOf } from "./claim.server";
import { endOfDayIn, expiryOf, OfferRuleSchema, validityText } from "./offer";

const LOOK_ALIKES = ["0", "O", "1", "I", "L", "S", "Z", "B", "U"];

describe("offer codes", () => {
  it("uses an alphabet without look-alike characters", () => {
    for (const char of LOOK_ALIKES) expect(CODE_ALPHABET).not.toContain(char);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it("draws 8 characters of the alphabet from any random bytes, grouped 3-3-2", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ minLength: 16, maxLength: 16 }), (first, second) => {
        let call = 0;
        const code = generateOfferCode((bytes) => {
          bytes.set(call++ === 0 ? first : second.map((byte) => byte % 200));
          return bytes;
        });
        expect(code).toHaveLength(CODE_LENGTH);
        for (const char of code) expect(CODE_ALPHABET).toContain(char);
        expect(formatOfferCode(code)).toMatch(/^[^-]{3}-[^-]{3}-[^-]{2}$/);
      }),
    );
  });

  it("reads back whatever way a person types or scans it", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), minLength: CODE_LENGTH, maxLength: CODE_LENGTH }),
        fc.constantFrom("", " ", "-"),
        fc.boolean(),
        (code, separator, lower) => {
          const shown = formatOfferCode(code).replaceAll("-", separator);
          expect(normalizeOfferCode(lower ? shown.toLowerCase() : shown)).toBe(code);
        },
      ),
    );
  });

  it("refuses input that cannot be a code", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (input) => {
        const normalized = normalizeOfferCode(input);
        if (normalized !== null) {
          expect(normalized).toHaveLength(CODE_LENGTH);
          for (const char of normalized) expect(CODE_ALPHABET).toContain(char);
        }
      }),
    );
    expect(normalizeOfferCode("K7M-4QX-9O")).toBeNull();
    expect(normalizeOfferCode("K7M-4QX-9")).toBeNull();
    expect(normalizeOfferCode("'; drop table")).toBeNull();
  });

  it("draws unique codes from the crypto source (no repeats in 20,000 draws)", () => {
    const codes = new Set(Array.from({ length: 20_000 }, () => generateOfferCode()));
    expect(codes.size).toBe(20_000);
  });

  it("spreads draws evenly over the alphabet (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5_000; i++) for (const char of generateOfferCode()) counts.set(char, (counts.get(char) ?? 0) + 1);
    const expected = (5_000 * CODE_LENGTH) / CODE_ALPHABET.length;
    for (const char of CODE_ALPHABET) expect(Math.abs((counts.get(char) ?? 0) - expected) / expected).toBeLessThan(0.15);
  });
});

describe("a scanned code", () => {
  it("reads the code from the thank-you QR's redeem URL or from a bare code", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), minLength: CODE_LENGTH, maxLength: CODE_LENGTH }), (code) => {
        expect(normalizeOfferCode(codeFromScan(redeemUrlOf(code)))).toBe(code);
        expect(normalizeOfferCode(codeFromScan(formatOfferCode(code)))).toBe(code);
      }),
    );
    // Some other QR: never a code, so the counter answers "No code matches".
    expect(normalizeOfferCode(codeFromScan("https://example.com/menu"))).toBeNull();
  });
});

describe("offer rules", () => {
  it("ends a day at the owner's midnight", () => {
    expect(endOfDayIn("2026-12-31", "UTC").toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(endOfDayIn("2026-12-31", "America/New_York").toISOString()).toBe("2027-01-01T05:00:00.000Z");
    expect(endOfDayIn("2026-07-01", "Europe/Berlin").toISOString()).toBe("2026-07-01T22:00:00.000Z");
  });

  it("computes a code's expiry from the rule and the claim", () => {
    const claimed = new Date("2026-11-23T10:00:00Z");
    expect(expiryOf(null, claimed)).toBeNull();
    expect(expiryOf({ expiry: "days", validDays: 7, validUntil: null, validUntilAt: null }, claimed)?.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    const until = new Date("2027-01-01T00:00:00Z");
    expect(expiryOf({ expiry: "until", validDays: null, validUntil: "2026-12-31", validUntilAt: until }, claimed)).toEqual(until);
    expect(validityText(until, "UTC")).toBe("Valid until Dec 31, 2026");
    expect(validityText(null, "UTC")).toBe("No expiry");
  });

  it("validates the wizard's fields", () => {
    expect(OfferRuleSchema.parse({})).toEqual({ expiry: "none" });
    expect(OfferRuleSchema.parse({ offerExpiry: "days", offerValidDays: "30" })).toEqual({ expiry: "days", validDays: 30 });
    expect(OfferRuleSchema.safeParse({ offerExpiry: "days", offerValidDays: "0" }).success).toBe(false);
    expect(OfferRuleSchema.safeParse({ offerExpiry: "days", offerValidDays: "1.5" }).success).toBe(false);
    expect(OfferRuleSchema.safeParse({ offerExpiry: "until", offerValidUntil: "2020-01-01" }).success).toBe(false);
    expect(OfferRuleSchema.safeParse({ offerExpiry: "until", offerValidUntil: "2099-02-30" }).success).toBe(false);
    expect(OfferRuleSchema.parse({ offerExpiry: "until", offerValidUntil: "2099-02-28", offerTimeZone: "Mars/Base" })).toEqual({
      expiry: "until",
      validUntil: "2099-02-28",
      timeZone: "UTC",
    });
  });
});
