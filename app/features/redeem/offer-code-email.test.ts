// The visitor's code email is filled into a frame rendered once per business, language and
// occasion: whatever the code, validity line and business, it must be the email rendered in full.
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/features/languages/languages";
import { offerCodeEmail, renderOfferCodeEmail, type OfferCodeEmailInput, type OfferCodeOccasion } from "./offer-code-email";

const BUSINESSES = [
  { businessName: "Sunny Side Café", postalAddress: "12 Rue de la Paix\n75002 Paris" },
  { businessName: `Tom & Jerry's "<Diner>"`, postalAddress: "1 <b>Main</b> St & Co, O'Hare" },
  { businessName: "مقهى الشمس", postalAddress: "شارع 5، دبي" },
];
const CLAIMS = [
  { code: "7KM-XQ4-2P", validity: "Valid until Dec 31, 2026" },
  { code: "ABC-DEF-GH", validity: `Gültig bis 31.12.2026 & "länger" <nie> $& $1 '` },
  { code: "$&-$`-$'", validity: "No expiry" },
];

describe("the visitor's code email filled into its cached frame", () => {
  it("equals the email rendered in full for every language, business, claim and occasion, claim after claim", () => {
    for (const occasion of ["claimed", "claimed-again"] as OfferCodeOccasion[]) {
      for (const language of LANGUAGES) {
        for (const business of BUSINESSES) {
          for (const whiteLabel of [false, true]) {
            for (const claim of CLAIMS) {
              const input: OfferCodeEmailInput = { ...business, ...claim, language, whiteLabel };
              expect(offerCodeEmail(input, occasion)).toEqual(renderOfferCodeEmail(input, occasion));
            }
          }
        }
      }
    }
  });

  it("shows this claim's code and validity, never an earlier one's or a slot", () => {
    const first = offerCodeEmail({ ...BUSINESSES[0]!, code: "AAA-AAA-AA", validity: "Valid until Jan 1, 2027" }, "claimed");
    const second = offerCodeEmail({ ...BUSINESSES[0]!, code: "BBB-BBB-BB", validity: "No expiry" }, "claimed");
    expect(first.html).toContain("AAA-AAA-AA");
    expect(second.html).toContain("BBB-BBB-BB");
    expect(second.text).toContain("No expiry");
    expect(`${second.html}${second.text}`).not.toMatch(/AAA-AAA-AA|Jan 1, 2027|\u{E000}/u);
  });
});
