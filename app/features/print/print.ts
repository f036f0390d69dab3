// The print kit's rules: formats, paper, code sizes, colour contrast and the print check.
// Pure and browser-safe: the print page, the PDF and the tests read the same numbers.
// Rules: docs/features/campaigns-and-print.md ("The print kit").
import { enPrintCheck } from "~/features/languages/owner/en-print-check";
import { publicAddressVerdict, type AddressReach } from "~/utils/public-address";

export const POINTS_PER_CM = 72 / 2.54;

export const PRINT_FORMATS = ["poster", "flyer", "tent", "sticker"] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/** The paper the owner has; a flyer is half of it (A5 or half-letter). */
export const PAPERS = ["letter", "a4"] as const;
export type Paper = (typeof PAPERS)[number];

export const DEFAULT_FORMAT: PrintFormat = "poster";
export const DEFAULT_PAPER: Paper = "letter";

export const PAPER_LABEL: Record<Paper, string> = { letter: "US Letter", a4: "A4" };

type Sheet = { name: string; width: number; height: number };

const SHEETS = {
  letter: { name: "US Letter (8.5 × 11 in)", width: 612, height: 792 },
  a4: { name: "A4 (210 × 297 mm)", width: 595.28, height: 841.89 },
  halfLetter: { name: "Half letter (5.5 × 8.5 in)", width: 396, height: 612 },
  a5: { name: "A5 (148 × 210 mm)", width: 419.53, height: 595.28 },
} as const satisfies Record<string, Sheet>;

/**
 * What each format is: its name, the printed code's width (modules only, without the quiet zone)
 * and the smallest width it may print at and still scan, and the sheet it prints on for each paper.
 */
export const FORMAT_SPECS = {
  poster: { label: "Poster", codeCm: 11, minCodeCm: 10, sheet: { letter: SHEETS.letter, a4: SHEETS.a4 } },
  flyer: { label: "Flyer", codeCm: 5.5, minCodeCm: 5, sheet: { letter: SHEETS.halfLetter, a4: SHEETS.a5 } },
  tent: { label: "Table tent", codeCm: 6.5, minCodeCm: 6, sheet: { letter: SHEETS.letter, a4: SHEETS.a4 } },
  sticker: { label: "Sticker sheet", codeCm: 2.6, minCodeCm: 2.5, sheet: { letter: SHEETS.letter, a4: SHEETS.a4 } },
} as const satisfies Record<PrintFormat, { label: string; codeCm: number; minCodeCm: number; sheet: Record<Paper, Sheet> }>;

export const FORMAT_HINT: Record<PrintFormat, string> = {
  poster: "One large code for a window or a wall.",
  flyer: "Half a sheet: hand it out or leave it on the counter.",
  tent: "Fold the sheet along the dashed line: the code and offer face both sides of the table.",
  sticker: "A grid of small codes for a common label sheet.",
};

/**
 * Label sheets the sticker format fits, in points from the sheet's top-left corner: Avery 5163
 * (2 × 4 in, 10 a sheet) on US Letter and Avery L7163 (99.1 × 38.1 mm, 14 a sheet) on A4.
 */
const MM = POINTS_PER_CM / 10;

export type LabelSheet = {
  name: string;
  columns: number;
  rows: number;
  left: number;
  top: number;
  width: number;
  height: number;
  pitchX: number;
  pitchY: number;
};

export const LABEL_SHEETS: Record<Paper, LabelSheet> = {
  letter: { name: "Avery 5163", columns: 2, rows: 5, left: 11.25, top: 36, width: 288, height: 144, pitchX: 301.5, pitchY: 144 },
  a4: {
    name: "Avery L7163",
    columns: 2,
    rows: 7,
    left: 4.65 * MM,
    top: 15.15 * MM,
    width: 99.1 * MM,
    height: 38.1 * MM,
    pitchX: 101.6 * MM,
    pitchY: 38.1 * MM,
  },
};

/** A printed code's quiet zone: the light margin readers need, in modules on every side. */
export const QUIET_ZONE_MODULES = 4;

/**
 * The logo's square as a share of the code's width. 22 % covers 4.8 % of the code's area, well
 * inside what error-correction level H restores (30 % of codewords; the finder patterns sit in
 * the corners, never under a centred logo). LOGO_MAX_AREA is the most the check lets through.
 */
export const LOGO_WIDTH_SHARE = 0.22;
export const LOGO_MAX_AREA = 0.08;

/** A phone reads a code from about ten times its width. */
export const SCAN_DISTANCE_PER_CODE_WIDTH = 10;

export const CONTRAST_WARN_BELOW = 4;
export const CONTRAST_REFUSE_BELOW = 2;

export function sheetOf(format: PrintFormat, paper: Paper): Sheet {
  return FORMAT_SPECS[format].sheet[paper];
}

export function codeWidthPoints(format: PrintFormat) {
  return FORMAT_SPECS[format].codeCm * POINTS_PER_CM;
}

// ---- Colour ----

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function channel(value: number) {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #RRGGBB colour (WCAG 2). */
export function luminance(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(first: string, second: string) {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** "3.6:1", rounded down so a ratio just under a threshold never reads as reaching it. */
export function ratioLabel(ratio: number) {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

// ---- Scan distance ----

/** "1.1 m" or "65 cm": how far away a code of this width still scans, rounded down. */
export function scanDistanceLabel(codeWidthCm: number) {
  const centimetres = codeWidthCm * SCAN_DISTANCE_PER_CODE_WIDTH;
  if (centimetres >= 100) {
    const metres = Math.floor(centimetres / 10) / 10;
    return `${Number.isInteger(metres) ? metres.toFixed(0) : metres.toFixed(1)} m`;
  }
  return `${Math.max(5, Math.floor(centimetres / 5) * 5)} cm`;
}

// ---- The print check ----

export type CheckStatus = "ok" | "warn" | "refuse";
/** A finding's words: a key of the `printCheck` catalogue and its values ("address" warnings: the `address` catalogue's, by reach). */
export type CheckWords =
  | { key: keyof (typeof enPrintCheck)["printCheck"]; values?: Record<string, string | number> }
  | { key: "addressWarn"; values: { origin: string; reach: AddressReach; unreachableBecause?: "this-computer" | "nowhere" } };
/** `text` in English (the PDF route's refusal, logs); `say` for the member's language (`checkTextIn`). */
export type CheckItem = { id: "address" | "contrast" | "quiet-zone" | "logo" | "size" | "text"; status: CheckStatus; text: string; say?: CheckWords };

/** A finding in English, from the catalogue's words. */
function finding(
  id: CheckItem["id"],
  status: CheckStatus,
  key: keyof (typeof enPrintCheck)["printCheck"],
  values: Record<string, string | number> = {},
): CheckItem {
  const text = enPrintCheck.printCheck[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  return { id, status, text, say: { key, values } };
}
export type PrintCheck = { items: CheckItem[]; canPrint: boolean; refusal: string | null };

export type PrintCheckInput = {
  /** The public address the code opens (APP_URL or the derived one). */
  appOrigin: string;
  format: PrintFormat;
  codeColor: string;
  backgroundColor: string;
  /** Share of the code's area the logo covers; null without a logo. */
  logoArea: number | null;
  /** The campaign has a logo that could not be read (it is left out). */
  logoUnreadable: boolean;
  /** Characters the print font cannot draw, left out of the printed text. */
  missingCharacters: string[];
};

export function contrastCheck(codeColor: string, backgroundColor: string): CheckItem {
  const ratio = contrastRatio(codeColor, backgroundColor);
  if (luminance(codeColor) > luminance(backgroundColor)) return finding("contrast", "refuse", "contrastLight");
  if (ratio < CONTRAST_REFUSE_BELOW) return finding("contrast", "refuse", "contrastRefuse", { ratio: ratioLabel(ratio) });
  if (ratio < CONTRAST_WARN_BELOW) return finding("contrast", "warn", "contrastLow", { ratio: ratioLabel(ratio), least: CONTRAST_WARN_BELOW });
  return finding("contrast", "ok", "contrastOk", { ratio: ratioLabel(ratio) });
}

export function logoCheck(logoArea: number | null, logoUnreadable: boolean): CheckItem {
  if (logoUnreadable) return finding("logo", "warn", "logoUnreadable");
  if (logoArea === null) return finding("logo", "ok", "logoNone");
  const percent = `${Math.round(logoArea * 100)}%`;
  if (logoArea > LOGO_MAX_AREA) return finding("logo", "refuse", "logoTooBig", { percent, most: `${Math.round(LOGO_MAX_AREA * 100)}%` });
  return finding("logo", "ok", "logoOk", { percent });
}

/**
 * Whether phones can open the code. A code only some phones or none can open still prints (a test
 * sheet on the same Wi-Fi is worth having), but the check never passes it.
 */
export function addressCheck(appOrigin: string): CheckItem {
  const verdict = publicAddressVerdict(appOrigin);
  if (verdict.warning)
    return {
      id: "address",
      status: "warn",
      text: `${verdict.warning.title}. ${verdict.warning.text}`,
      say: { key: "addressWarn", values: { origin: verdict.origin, reach: verdict.reach, unreachableBecause: verdict.unreachableBecause } },
    };
  return finding("address", "ok", "addressOk", { origin: verdict.origin });
}

/** What the print page shows before the Download button, and what the PDF route enforces. */
export function printCheck(input: PrintCheckInput): PrintCheck {
  const spec = FORMAT_SPECS[input.format];
  const items: CheckItem[] = [
    addressCheck(input.appOrigin),
    contrastCheck(input.codeColor, input.backgroundColor),
    finding("quiet-zone", "ok", "quietZone", { modules: QUIET_ZONE_MODULES }),
    logoCheck(input.logoArea, input.logoUnreadable),
    finding("size", "ok", "size", { width: spec.codeCm.toLocaleString("en-US"), distance: scanDistanceLabel(spec.codeCm) }),
  ];
  if (input.missingCharacters.length > 0) items.push(finding("text", "warn", "missingCharacters", { characters: input.missingCharacters.join(" ") }));
  const refused = items.find((item) => item.status === "refuse");
  return { items, canPrint: !refused, refusal: refused?.text ?? null };
}

// ---- Text ----

/** Characters that print nothing visible or reorder text: controls, bidi overrides, zero-width marks. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}]/gu;

/** Text as it is printed: NFC, one line, without invisible or direction-changing characters. */
export function printableText(value: string) {
  return value.normalize("NFC").replace(INVISIBLE, "").replace(/\s+/gu, " ").trim();
}

/** The line under the code: the link without its scheme, which nobody needs to type. */
export function typedLink(url: string) {
  return url.replace(/^https?:\/\//i, "");
}

/**
 * The languages a sheet is printed in: one (`es`), or two joined by a hyphen (`en-es`), the
 * page's first. The print page offers the campaign's page language, each language its copy is
 * translated into, and each of those next to the page's.
 */
export const PRINT_LANGUAGE = /^[a-z]{2}(?:-[a-z]{2})?$/;

// ---- Choices on the print page ----

export type ColorChoice = { value: string; label: string };

/** Black and white read as themselves, whichever role brought them into the list. */
const NAMED_COLORS: Record<string, string> = { "#000000": "Black", "#FFFFFF": "White" };

/**
 * The campaign's own colours, black and white (each once), plus `current` when it is none of them.
 * A campaign colour that is black or white is named "Black" or "White", not by its role.
 */
export function colorChoices(design: { primary_color: string; secondary_color: string; text_color: string }, current: string): ColorChoice[] {
  const choices: ColorChoice[] = [];
  const add = (value: string, label: string) => {
    const hex = value.toUpperCase();
    if (HEX_COLOR.test(hex) && !choices.some((choice) => choice.value === hex))
      choices.push({ value: hex, label: `${NAMED_COLORS[hex] ?? label} (${hex})` });
  };
  add(design.primary_color, "Campaign colour");
  add(design.secondary_color, "Second colour");
  add(design.text_color, "Text colour");
  add("#000000", "Black");
  add("#FFFFFF", "White");
  add(current, "Custom");
  return choices;
}
