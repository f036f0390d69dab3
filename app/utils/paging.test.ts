import { describe, expect, it } from "vitest";
import { pageCount, pageHref, pageOffset } from "./paging";

describe("paging", () => {
  it("pages by 25", () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(50);
    expect(pageOffset(0)).toBe(0);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });

  it("keeps search and filter when moving between pages", () => {
    expect(pageHref("q=ann&role=admin&page=2", 3)).toBe("?q=ann&role=admin&page=3");
    expect(pageHref("q=ann&page=2", 1)).toBe("?q=ann");
    expect(pageHref("", 1)).toBe("?");
  });
});
