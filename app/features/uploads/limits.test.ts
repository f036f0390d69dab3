import { describe, expect, it } from "vitest";
import { megabytesLabel, uploadProblemOf } from "./limits";

describe("image upload checks", () => {
  it("refuses what is not an image, then what is over the size", () => {
    expect(uploadProblemOf({ type: "application/pdf", size: 10 }, 100)).toBe("not_image");
    expect(uploadProblemOf({ type: "image/png", size: 101 }, 100)).toBe("too_large");
    expect(uploadProblemOf({ type: "image/png", size: 100 }, 100)).toBeNull();
  });

  it("writes sizes as the spec's messages do", () => {
    expect(megabytesLabel(2 * 1024 * 1024)).toBe("2MB");
    expect(megabytesLabel(5 * 1024 * 1024)).toBe("5MB");
  });
});
