import { describe, expect, it } from "vitest";
import { ownerT } from "~/features/languages/owner/owner-language";
import "~/features/languages/owner/owner-language.server";
import { businessTypeLabel, scanUsageIn } from "./campaign-words";

describe("the words next to a campaign's figures", () => {
  it("shows the stored business type in the member's language, and an unknown one as it is", () => {
    expect(businessTypeLabel(ownerT("campaignSentences", "en"), "Bakery")).toBe("Bakery");
    expect(businessTypeLabel(ownerT("campaignSentences", "de"), "Bakery")).toBe("Bäckerei");
    expect(businessTypeLabel(ownerT("campaignSentences", "ar"), "Coffee Shop")).toBe("مقهى");
    expect(businessTypeLabel(ownerT("campaignSentences", "de"), "Kiosk")).toBe("Kiosk");
  });

  it("writes the Free plan's scan usage as scanUsageLabel does, in the language's digits", () => {
    expect(scanUsageIn("en", 3, { isPro: false })).toBe("3 / 5");
    expect(scanUsageIn("en", 1234, { isPro: true })).toBe("1234");
    expect(scanUsageIn("de", 7, { isPro: false, limit: 10 })).toBe("7 / 10");
  });
});
