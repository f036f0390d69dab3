import { describe, expect, it } from "vitest";
import { qrModules } from "~/features/qr/qr.server";
import { PAPERS, PRINT_FORMATS } from "./print";
import { printFontMetrics } from "./print-fonts.server";
import { fitText, type PlanItem, planSheet, TextDoesNotFit, wrapText } from "./print-layout";

const fonts = printFontMetrics();
const widthOf = (text: string) => fonts.width(text, "bold");

describe("wrapText", () => {
  it("breaks at spaces, and inside a word only when the word alone is wider than the line", () => {
    expect(wrapText("Scan to claim this offer", widthOf("Scan to claim") + 0.01, widthOf)).toEqual(["Scan to claim", "this offer"]);
    const word = "Pneumonoultramicroscopic";
    const lines = wrapText(`a ${word}`, widthOf("Pneumono"), widthOf);
    expect(lines.join("")).toBe(`a${word}`);
    for (const line of lines) expect(widthOf(line)).toBeLessThanOrEqual(widthOf("Pneumono") + 1e-9);
  });

  it("never splits a grapheme (accents, emoji with modifiers)", () => {
    const lines = wrapText("e\u0301e\u0301e\u0301👍🏽👍🏽", widthOf("e\u0301e\u0301"), widthOf);
    expect(lines.join("")).toBe("e\u0301e\u0301e\u0301👍🏽👍🏽");
    for (const line of lines) expect(line).not.toMatch(/^\u0301|^\u{1F3FD}/u);
  });
});

describe("fitText", () => {
  it("takes the largest size that fits and shrinks long text; null when nothing fits", () => {
    const style = { weight: "bold" as const, maxSize: 40, minSize: 8, align: "center" as const };
    const short = fitText("20% off", { width: 400, height: 100 }, style, fonts)!;
    expect(short.size).toBe(40);
    const long = fitText("20% off any drink ".repeat(8), { width: 400, height: 100 }, style, fonts)!;
    expect(long.size).toBeLessThan(40);
    expect(long.lines.length * long.size * 1.2).toBeLessThanOrEqual(100);
    expect(fitText("W".repeat(500), { width: 100, height: 20 }, style, fonts)).toBeNull();
  });
});

describe("planSheet", () => {
  // Ordinary words at the fields' full lengths (all-"W" text is refused instead: see below).
  const words = (length: number) => "Würzburger Bäckerei Großmann & Söhne, frische Brötchen jeden Morgen ".repeat(5).slice(0, length);
  const worst = {
    businessName: words(100),
    offer: words(200),
    condition: words(200),
    // The longest call to action the catalogues give, next to another: a bilingual sheet.
    cta: "Scansiona per ottenere questa offerta / Escanea para conseguir esta oferta",
    link: "HTTPS://LEADQR.EXAMPLE.COM/Q/WWWWWWWW",
    label: `${words(100)} · ${words(60)}`,
    hasLogo: true,
  };

  it.each(PRINT_FORMATS)("fits the longest texts the fields allow on a %s, inside the sheet, without overlaps", (format) => {
    for (const paper of PAPERS) {
      const plan = planSheet({
        format,
        paper,
        content: worst,
        matrix: qrModules(`http://localhost:3000/capture/${"0".repeat(36)}?s=qr&p=${"0".repeat(36)}`),
        codeColor: "#000000",
        backgroundColor: "#FFFFFF",
        fonts,
      });
      const boxes = [...plan.items, ...plan.turnedItems].filter((item): item is Extract<PlanItem, { kind: "text" }> => item.kind === "text");
      expect(boxes.length).toBeGreaterThanOrEqual(5);
      for (const box of boxes) {
        for (const line of box.lines) expect(line.width).toBeLessThanOrEqual(box.width + 1e-6);
        expect(box.x + box.width).toBeLessThanOrEqual(plan.width);
        const top = box.lines[0]!.baseline - box.size;
        const bottom = box.lines.at(-1)!.baseline + box.size * 0.3;
        expect(top).toBeGreaterThanOrEqual(0);
        expect(bottom).toBeLessThanOrEqual(plan.height);
      }
    }
  });

  it("throws TextDoesNotFit naming the text when even the smallest size cannot hold it", () => {
    expect(() =>
      planSheet({
        format: "sticker",
        paper: "a4",
        content: { ...worst, offer: "W".repeat(2000) },
        matrix: qrModules("http://x"),
        codeColor: "#000000",
        backgroundColor: "#FFFFFF",
        fonts,
      }),
    ).toThrow(TextDoesNotFit);
  });
});
