import { describe, expect, it } from "vitest";
import { CAMPAIGN_LIMIT_TEXT, canCreateCampaign, FREE_PLAN_LIMITS_TEXT, scanUsageLabel } from "./plan";

describe("the plan rules the screens show", () => {
  it("says the spec's free-plan sentences, from the constants", () => {
    expect(FREE_PLAN_LIMITS_TEXT).toBe("Limited to 1 campaign and 5 scans");
    expect(CAMPAIGN_LIMIT_TEXT).toBe("Free accounts are limited to 1 campaign.");
  });

  it("offers a new campaign to free owners below the limit and to Pro owners always", () => {
    expect(canCreateCampaign({ isPro: false }, 0)).toBe(true);
    expect(canCreateCampaign({ isPro: false }, 1)).toBe(false);
    expect(canCreateCampaign({ isPro: true }, 40)).toBe(true);
  });

  it("labels scans as count / limit on the free plan and as the count on Pro", () => {
    expect(scanUsageLabel(3, { isPro: false })).toBe("3 / 5");
    expect(scanUsageLabel(7, { isPro: false, limit: 10 })).toBe("7 / 10");
    expect(scanUsageLabel(1234, { isPro: true })).toBe("1234");
  });
});
