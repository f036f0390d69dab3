import { describe, expect, it } from "vitest";
import { containsPattern, pageCount, pageHref, pageOffset, recentSince } from "./paging";

describe("admin list helpers", () => {
  it("pages by 25", () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(50);
    expect(pageOffset(0)).toBe(0);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });

  it("escapes LIKE wildcards so a search for '100%' means the text", () => {
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect(containsPattern("a_b\\c")).toBe("%a\\_b\\\\c%");
  });

  it("keeps search and filter when moving between pages", () => {
    expect(pageHref("q=ann&role=admin&page=2", 3)).toBe("?q=ann&role=admin&page=3");
    expect(pageHref("q=ann&page=2", 1)).toBe("?q=ann");
    expect(pageHref("", 1)).toBe("?");
  });

  it("looks back 7 days", () => {
    expect(recentSince(new Date("2026-01-08T12:00:00Z")).toISOString()).toBe("2026-01-01T12:00:00.000Z");
  });
});
