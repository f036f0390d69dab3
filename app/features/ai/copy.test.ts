import { describe, expect, it } from "vitest";
import { cleanText, templateCopy } from "~/features/campaigns/template-copy";
import { inventedClaims, parseModelCopy } from "./copy";

describe("parseModelCopy", () => {
  it("reads JSON, also inside a code fence", () => {
    expect(parseModelCopy('{"headline":"Fresh Coffee Deals","thankyou":"Thanks! See you."}')).toEqual({
      headline: "Fresh Coffee Deals",
      thankyou: "Thanks! See you.",
    });
    expect(parseModelCopy('```json\n{"headline":"A","thankyou":"B"}\n```')).toEqual({ headline: "A", thankyou: "B" });
  });
  it("refuses malformed or incomplete answers", () => {
    expect(parseModelCopy("Here is your headline: Buy now")).toBeNull();
    expect(parseModelCopy('{"headline":"only"}')).toBeNull();
    expect(parseModelCopy('{"headline":42,"thankyou":"x"}')).toBeNull();
    expect(parseModelCopy("[1,2]")).toBeNull();
    expect(parseModelCopy("")).toBeNull();
  });
  it("caps lengths and strips control characters", () => {
    const copy = parseModelCopy(JSON.stringify({ headline: "word ".repeat(100), thankyou: "a\u0000b\u202Ec\n\nd" }))!;
    expect(copy.headline.length).toBeLessThanOrEqual(200);
    expect(copy.thankyou).toBe("a b c d");
  });
});

describe("inventedClaims", () => {
  const owner = { offer: "20% off", condition: "orders over $10 before 11 am" };
  it("finds deadlines and amounts the owner did not write", () => {
    expect(inventedClaims({ headline: "20% Off Today Only", thankyou: "Hurry, from just $5 until Sunday!" }, owner)).toEqual([
      "Today",
      "Hurry",
      "$5",
      "until",
    ]);
  });
  it("accepts the owner's own amounts and words", () => {
    expect(inventedClaims({ headline: "Save 20% on Your Coffee", thankyou: "Spend over $10 before 11 am and the 20% off is yours." }, owner)).toEqual(
      [],
    );
  });
  it("keeps every template free of invented claims", () => {
    for (const businessType of ["Bakery", "Salon/Spa", "Gym/Fitness", "Boutique", "Plumbing"]) {
      expect(inventedClaims(templateCopy({ businessType, ...owner }), owner)).toEqual([]);
    }
  });
});

describe("templateCopy", () => {
  it("writes copy for the business type with the offer and condition", () => {
    const copy = templateCopy({ businessType: "Coffee Shop", offer: "20% off", condition: "orders over $10" });
    expect(copy.headline).toBe("Something delicious for you: 20% off");
    expect(copy.thankyou).toContain("orders over $10");
    const other = templateCopy({ businessType: "Plumbing", offer: "$25 off", condition: "first visit" });
    expect(other.headline).toContain("$25 off");
  });
  it("never exceeds the field limits", () => {
    const copy = templateCopy({ businessType: "Other", offer: "x".repeat(200), condition: "y".repeat(200) });
    expect(copy.headline.length).toBeLessThanOrEqual(200);
    expect(copy.thankyou.length).toBeLessThanOrEqual(600);
  });
  it("cleanText cuts at a word", () => {
    expect(cleanText("one two three four", 10)).toBe("one two");
  });
});
