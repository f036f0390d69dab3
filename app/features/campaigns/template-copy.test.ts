// The template copy read with real offers in every page language: the owner's words stand alone
// after a colon, never spliced into a sentence ("Your A free pastry is waiting", "Scan to get A
// free pastry").
import { describe, expect, it } from "vitest";
import { inventedClaims } from "~/features/ai/copy";
import { LANGUAGES } from "~/features/languages/languages";
import { templateCopy } from "./template-copy";

const OFFERS = ["20% off", "A free pastry", "Buy one, get one free", "Free croissant", "2x1 en cafés", "Un café offert!", "Ein Gratis-Croissant"];
const CONDITIONS = ["With any coffee", "orders over $10", "Weekdays before 11 am."];
const BUSINESS_TYPES = ["Bakery", "Salon/Spa", "Gym/Fitness", "Boutique", "Plumbing"];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Where the owner's words may stand: after a colon (French puts a space before it), then the end or a full stop. */
const standsAlone = (copy: string, words: string) => new RegExp(`(?:^|[:：] )${escape(words)}(?:\\.(?: |$)|$)`);

describe("template copy, for every language, business type, offer and condition", () => {
  for (const language of LANGUAGES) {
    it(`in ${language}: the offer and condition stand alone, and no claim is invented`, () => {
      for (const businessType of BUSINESS_TYPES)
        for (const rawOffer of OFFERS)
          for (const rawCondition of CONDITIONS) {
            const copy = templateCopy({ businessType, offer: rawOffer, condition: rawCondition, language });
            const offer = rawOffer.replace(/[.!]+$/, "");
            const condition = rawCondition.replace(/[.!]+$/, "");
            const where = `${language} ${businessType} "${rawOffer}"`;
            expect(copy.headline, where).toMatch(standsAlone(copy.headline, offer));
            expect(copy.headline.endsWith(offer), where).toBe(true);
            expect(copy.thankyou, where).toMatch(standsAlone(copy.thankyou, offer));
            expect(copy.thankyou, where).toMatch(standsAlone(copy.thankyou, condition));
            // Each appears once in each text, and nothing of it is doubled ("off!." or "..").
            expect(copy.thankyou.split(offer).length - 1, where).toBe(1);
            expect(`${copy.headline} ${copy.thankyou}`, where).not.toMatch(/[.!?]\.|\.\.| {2}/);
            // A capitalised article after a possessive or verb is the splice this replaces.
            expect(`${copy.headline} ${copy.thankyou}`, where).not.toMatch(/\b(?:[Yy]our|get|Ihr|Tu|Votre|on) (?:A|An|The|Un|Une|Ein|Eine)\b/);
            expect(inventedClaims(copy, { offer: rawOffer, condition: rawCondition }), where).toEqual([]);
          }
    });
  }

  it("is good English in the wizard's default language", () => {
    expect(templateCopy({ businessType: "Bakery", offer: "A free pastry", condition: "With any coffee" })).toEqual({
      headline: "Something delicious for you: A free pastry",
      thankyou:
        "Thanks for signing up! Your offer: A free pastry. Condition: With any coffee. We look forward to serving you something delicious soon.",
    });
  });

  it("is written in the page's language", () => {
    const german = templateCopy({ businessType: "Coffee Shop", offer: "20 % Rabatt", condition: "Ab 10 € Einkaufswert", language: "de" });
    expect(german.headline).toBe("Etwas Köstliches für Sie: 20 % Rabatt");
    expect(german.thankyou).toContain("Ihr Angebot: 20 % Rabatt. Bedingung: Ab 10 € Einkaufswert.");
    const arabic = templateCopy({ businessType: "Plumbing", offer: "خصم 20%", condition: "للزيارة الأولى", language: "ar" });
    expect(arabic.headline).toBe("شكر خاص لك: خصم 20%");
  });

  it("leaves out an empty condition rather than writing an empty sentence", () => {
    const copy = templateCopy({ businessType: "Boutique", offer: "20% off", condition: " " });
    expect(copy.thankyou).toBe("Thanks for signing up! Your offer: 20% off. Happy shopping, we'll see you soon.");
  });
});
