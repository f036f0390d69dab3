import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { authorLabel, formatPostDate, parseBlogContent, slugify } from "./blog";

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["10 Tips for QR Codes!", "10-tips-for-qr-codes"],
    ["Multiple   spaces -- and --- hyphens", "multiple-spaces-and-hyphens"],
    ["  Café & Bar: the (best) offers?  ", "cafe-bar-the-best-offers"],
    ["Crème brûlée à São Paulo", "creme-brulee-a-sao-paulo"],
    ["<script>alert(1)</script>", "scriptalert1script"],
    ["!!!", ""],
  ])("%s -> %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("gives URL-safe, stable slugs for any input", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("formatPostDate", () => {
  it("uses the long US format in UTC", () => {
    expect(formatPostDate(new Date("2026-11-22T23:30:00Z"))).toBe("November 22, 2026");
    expect(formatPostDate("2025-01-01T00:00:00.000Z")).toBe("January 1, 2025");
  });
});

describe("authorLabel", () => {
  it("shows the author's name, never an email; the team when there is no name", () => {
    expect(authorLabel("Maria Rossi")).toBe("Maria Rossi");
    expect(authorLabel("a@b.c")).toBe("LeadQR Team");
    expect(authorLabel("  ")).toBe("LeadQR Team");
    expect(authorLabel(null)).toBe("LeadQR Team");
  });
});

describe("parseBlogContent", () => {
  it("applies the spec's line rules", () => {
    const content = "## Heading\n### Sub\nFirst paragraph.\n\n* one\n*   two\nAfter list\n* three";
    expect(parseBlogContent(content)).toEqual([
      { kind: "h2", text: "Heading" },
      { kind: "h3", text: "Sub" },
      { kind: "p", text: "First paragraph." },
      { kind: "list", items: ["one", "two"] },
      { kind: "p", text: "After list" },
      { kind: "list", items: ["three"] },
    ]);
  });

  it("keeps markup as plain text", () => {
    expect(parseBlogContent("<script>alert('x')</script>")).toEqual([{ kind: "p", text: "<script>alert('x')</script>" }]);
  });

  it("treats '*' without spaces, '#' and '####' lines as paragraphs", () => {
    expect(parseBlogContent("*bold*\n# Title\n#### Deep\n##NoSpace")).toEqual([
      { kind: "p", text: "*bold*" },
      { kind: "p", text: "# Title" },
      { kind: "p", text: "#### Deep" },
      { kind: "p", text: "##NoSpace" },
    ]);
  });

  it("handles Windows line endings and blank lines", () => {
    expect(parseBlogContent("\r\n## A\r\n\r\nB\r\n")).toEqual([
      { kind: "h2", text: "A" },
      { kind: "p", text: "B" },
    ]);
  });

  it("gives one element per non-empty line", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("## ", "### ", "* ", "", "  "), fc.string()), { maxLength: 30 }), (parts) => {
        const lines = parts.map(([prefix, text]) => prefix + text.replace(/[\r\n]/g, ""));
        const blocks = parseBlogContent(lines.join("\n"));
        const count = blocks.reduce((sum, block) => sum + (block.kind === "list" ? block.items.length : 1), 0);
        expect(count).toBe(lines.filter((line) => line.trim() !== "").length);
      }),
    );
  });
});
