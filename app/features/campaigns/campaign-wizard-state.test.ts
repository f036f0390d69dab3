import { describe, expect, it } from "vitest";
import { initialValues, missingOf, withTemplateCopy } from "./campaign-wizard-state";

const stepOne = { ...initialValues(), title: "Croissant club", businessType: "Bakery", discount: "Free croissant", minOrder: "With any coffee" };

describe("the copy step opens filled", () => {
  it("puts the template copy for the offer into empty headline and thank-you, so nothing required is empty", () => {
    expect(missingOf(stepOne, 2)).toEqual(["Headline", "Thank-you Message"]);
    const { values } = withTemplateCopy(stepOne, null);
    expect(values.aiHeadline).toBe("Something delicious for you: Free croissant");
    expect(values.aiThankyou).toContain("Your offer: Free croissant. Condition: With any coffee.");
    expect(missingOf(values, 2)).toEqual([]);
  });

  it("follows a changed offer while the copy is untouched, and never overwrites the owner's own words", () => {
    const first = withTemplateCopy(stepOne, null);
    const changedOffer = withTemplateCopy({ ...first.values, discount: "Two macarons" }, first.template);
    expect(changedOffer.values.aiHeadline).toBe("Something delicious for you: Two macarons");
    // A Spanish page opens with Spanish template copy; switching the language follows while untouched.
    const spanish = withTemplateCopy({ ...changedOffer.values, language: "es" }, changedOffer.template);
    expect(spanish.values.aiHeadline).toBe("Algo delicioso para ti: Two macarons");
    const own = withTemplateCopy({ ...first.values, aiHeadline: "Our own words", discount: "Two macarons" }, first.template);
    expect(own.values.aiHeadline).toBe("Our own words");
    const editing = withTemplateCopy({ ...stepOne, aiHeadline: "Saved headline", aiThankyou: "Saved thanks" }, null);
    expect([editing.values.aiHeadline, editing.values.aiThankyou]).toEqual(["Saved headline", "Saved thanks"]);
  });
});
