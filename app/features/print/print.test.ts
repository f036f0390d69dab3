import { describe, expect, it } from "vitest";
import { COLOR_PRESETS } from "~/features/campaigns/campaigns";
import {
  FORMAT_SPECS,
  LABEL_SHEETS,
  PAPERS,
  PRINT_FORMATS,
  colorChoices,
  contrastCheck,
  contrastRatio,
  logoCheck,
  printableText,
  scanDistanceLabel,
  sheetOf,
} from "./print";
import { codeBlockWidth, logoModules } from "./print-layout";
import { PrintOptionsSchema } from "./print.schema";

describe("contrast", () => {
  it("is the WCAG ratio: black on white 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#1E40AF", "#1E40AF")).toBe(1);
  });

  it("refuses inverted and near-invisible pairs, warns under 4:1, passes dark on light", () => {
    expect(contrastCheck("#FFFFFF", "#000000").status).toBe("refuse");
    expect(contrastCheck("#3B82F6", "#1E40AF").status).toBe("refuse");
    expect(contrastCheck("#E5E7EB", "#FFFFFF")).toMatchObject({ status: "refuse", text: expect.stringContaining("(contrast 1.2:1)") });
    expect(contrastCheck("#EA580C", "#FFFFFF").status).toBe("warn");
    expect(contrastCheck("#000000", "#FFFFFF")).toMatchObject({
      id: "contrast",
      status: "ok",
      text: "Dark code on a light background, contrast 21.0:1: easy to scan.",
    });
    // Every preset's own colour on white can be printed (a warning at worst).
    for (const preset of COLOR_PRESETS) expect(contrastCheck(preset.primary, "#FFFFFF").status).not.toBe("refuse");
  });
});

describe("logo and distance", () => {
  it("keeps the logo's square centred, odd, and within the area level H restores", () => {
    for (let version = 1; version <= 10; version++) {
      const modules = 17 + 4 * version;
      const logo = logoModules(modules);
      expect(logo % 2).toBe(1);
      expect((logo * logo) / (modules * modules)).toBeLessThanOrEqual(0.08);
      expect(logoCheck((logo * logo) / (modules * modules), false).status).toBe("ok");
    }
    expect(logoCheck(0.12, false).status).toBe("refuse");
    expect(logoCheck(null, true).status).toBe("warn");
  });

  it("words the scan distance as ten times the width, rounded down", () => {
    expect(scanDistanceLabel(10)).toBe("1 m");
    expect(scanDistanceLabel(11)).toBe("1.1 m");
    expect(scanDistanceLabel(6.5)).toBe("65 cm");
    expect(scanDistanceLabel(2.6)).toBe("25 cm");
  });
});

describe("formats", () => {
  it("print codes at least as wide as each format's smallest scannable width, and each fits its sheet or label with its quiet zone", () => {
    for (const format of PRINT_FORMATS) {
      const spec = FORMAT_SPECS[format];
      expect(spec.codeCm).toBeGreaterThanOrEqual(spec.minCodeCm);
      for (const paper of PAPERS) {
        const block = codeBlockWidth((spec.codeCm * 72) / 2.54, 21);
        const room =
          format === "sticker" ? LABEL_SHEETS[paper].height : format === "tent" ? sheetOf(format, paper).height / 2 : sheetOf(format, paper).width;
        expect(block).toBeLessThan(room);
      }
    }
  });

  it("label sheets fit their paper", () => {
    for (const paper of PAPERS) {
      const labels = LABEL_SHEETS[paper];
      const sheet = sheetOf("sticker", paper);
      expect(labels.left * 2 + labels.pitchX * (labels.columns - 1) + labels.width).toBeCloseTo(sheet.width, 0);
      expect(labels.top * 2 + labels.pitchY * (labels.rows - 1) + labels.height).toBeCloseTo(sheet.height, 0);
    }
  });

  it("refuses unknown formats, papers and colours with a sentence; blank means the default", () => {
    expect(PrintOptionsSchema.parse({ format: "", paper: undefined })).toMatchObject({ format: "poster", paper: "letter" });
    expect(PrintOptionsSchema.safeParse({ format: "banner" }).error?.issues[0]?.message).toBe(
      "Unknown format. Choose poster, flyer, tent or sticker.",
    );
    expect(PrintOptionsSchema.safeParse({ code: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      "The code colour must be a colour written like #1E40AF.",
    );
    expect(PrintOptionsSchema.parse({ code: "#1e40af" }).code).toBe("#1E40AF");
  });
});

describe("printable text", () => {
  it("drops controls, bidi overrides and zero-width marks, composes accents, keeps one line", () => {
    expect(printableText(" e\u0301\u202Eabc\u202C\u200B\u0007 \n ü ")).toBe("éabc ü");
  });
});

describe("the print page's colour list", () => {
  it("names white and black as themselves, each once, even when a campaign colour is one of them", () => {
    const choices = colorChoices({ primary_color: "#3b82f6", secondary_color: "#000000", text_color: "#ffffff" }, "#FFFFFF");
    expect(choices).toEqual([
      { value: "#3B82F6", label: "Campaign colour (#3B82F6)" },
      { value: "#000000", label: "Black (#000000)" },
      { value: "#FFFFFF", label: "White (#FFFFFF)" },
    ]);
  });

  it("keeps the campaign's roles for its other colours and adds a custom current colour last", () => {
    const choices = colorChoices({ primary_color: "#3B82F6", secondary_color: "#1E40AF", text_color: "#FDE68A" }, "#123456");
    expect(choices.map((choice) => choice.label)).toEqual([
      "Campaign colour (#3B82F6)",
      "Second colour (#1E40AF)",
      "Text colour (#FDE68A)",
      "Black (#000000)",
      "White (#FFFFFF)",
      "Custom (#123456)",
    ]);
  });
});
