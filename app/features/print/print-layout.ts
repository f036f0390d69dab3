// Where everything goes on a printed sheet, in PDF points from the sheet's top-left corner. The
// PDF draws this plan and the print page's preview draws the same plan as SVG, so they agree.
// Pure: fonts come in as metrics, the code as its module matrix.
import { codeWidthPoints, LABEL_SHEETS, LOGO_WIDTH_SHARE, POINTS_PER_CM, type Paper, type PrintFormat, QUIET_ZONE_MODULES, sheetOf } from "./print";

export type FontWeight = "regular" | "bold";

/** Widths at 1 pt and the vertical metrics (as shares of the size) of the fonts the PDF embeds. */
export type FontMetrics = { width: (text: string, weight: FontWeight) => number; ascent: number; descent: number };

/** A QR code's modules: `isDark(row, column)` for 0 ≤ row, column < size. */
export type ModuleMatrix = { size: number; isDark: (row: number, column: number) => boolean };

export type PrintContent = {
  businessName: string;
  /** The offer ("20% off any drink"). */
  offer: string;
  /** The call to action ("Scan to claim this offer"), in the sheet's language: never with the offer spliced in. */
  cta: string;
  /** The condition ("On orders over $10"); may be empty. */
  condition: string;
  /** The link under the code, as people would type it. */
  link: string;
  /** Small print telling copies apart: the placement, or that it is the campaign's own code. */
  label: string;
  hasLogo: boolean;
};

export type TextRole = "business" | "offer" | "condition" | "cta" | "link" | "label";

export type PlanLine = { text: string; width: number; baseline: number };
export type PlanText = {
  kind: "text";
  role: TextRole;
  x: number;
  width: number;
  align: "center" | "left";
  weight: FontWeight;
  size: number;
  color: string;
  lines: PlanLine[];
};
export type PlanRect = { kind: "rect"; x: number; y: number; width: number; height: number; color: string };
export type PlanCode = { kind: "code"; x: number; y: number; moduleSize: number };
export type PlanLogo = { kind: "logo"; x: number; y: number; size: number };
export type PlanFold = { kind: "fold"; y: number; width: number };
export type PlanItem = PlanText | PlanRect | PlanCode | PlanLogo | PlanFold;

export type PrintPlan = {
  width: number;
  height: number;
  codeColor: string;
  backgroundColor: string;
  /** The dark modules (see moduleRuns), one unit per module. */
  moduleRuns: number[];
  moduleCount: number;
  /** Share of the code's area under the logo; null without a logo. */
  logoArea: number | null;
  /** Drawn upright. */
  items: PlanItem[];
  /** Drawn turned 180° about the sheet's centre (the table tent's far face). */
  turnedItems: PlanItem[];
};

/** The text that does not fit its box even at its smallest size (never cut, never overflowing). */
export class TextDoesNotFit extends Error {
  constructor(readonly role: TextRole) {
    super(`${role} does not fit`);
    this.name = "TextDoesNotFit";
  }
}

const TEXT_COLOR = "#111827";
const SMALL_PRINT_COLOR = "#4B5563";
const LINE_HEIGHT = 1.2;
const SIZE_STEP = 0.5;

type Box = { x: number; y: number; width: number; height: number };
type TextStyle = { weight: FontWeight; maxSize: number; minSize: number; align: "center" | "left"; color?: string };

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Greedy line breaking at spaces, and inside a word only when the word alone is wider than the
 * line (at grapheme boundaries, so accents and emoji stay whole). Widths are at 1 pt.
 */
export function wrapText(text: string, maxWidth: number, measure: (piece: string) => number) {
  const lines: string[] = [];
  const space = measure(" ");
  let line = "";
  let lineWidth = 0;
  const breakLine = () => {
    if (line) lines.push(line);
    line = "";
    lineWidth = 0;
  };
  for (const word of text.split(" ").filter(Boolean)) {
    const width = measure(word);
    if (width <= maxWidth) {
      if (line && lineWidth + space + width <= maxWidth) {
        line += ` ${word}`;
        lineWidth += space + width;
      } else {
        breakLine();
        line = word;
        lineWidth = width;
      }
      continue;
    }
    // A word wider than the line (a link, a run without spaces) starts its own line and breaks anywhere.
    breakLine();
    for (const { segment } of graphemes.segment(word)) {
      const pieceWidth = measure(segment);
      if (line && lineWidth + pieceWidth > maxWidth) breakLine();
      line += segment;
      lineWidth += pieceWidth;
    }
  }
  breakLine();
  return lines;
}

/**
 * The largest size from `maxSize` down to `minSize` at which the text, wrapped to the box's width,
 * fits the box's height; null when even the smallest does not.
 */
export function fitText(text: string, box: { width: number; height: number }, style: TextStyle, fonts: FontMetrics) {
  const measure = (piece: string) => fonts.width(piece, style.weight);
  for (let size = style.maxSize; size >= style.minSize - 1e-9; size -= SIZE_STEP) {
    if (size * LINE_HEIGHT > box.height) continue;
    const lines = wrapText(text, box.width / size, measure);
    if (lines.length * size * LINE_HEIGHT > box.height) continue;
    // Kerning across spaces can make a joined line a hair wider than its parts: measure it whole.
    if (lines.some((line) => measure(line) * size > box.width)) continue;
    return { size, lines };
  }
  return null;
}

function textItem(role: TextRole, text: string, box: Box, style: TextStyle, fonts: FontMetrics): PlanText | null {
  if (!text) return null;
  const fitted = fitText(text, box, style, fonts);
  if (!fitted) throw new TextDoesNotFit(role);
  const { size, lines } = fitted;
  const lineHeight = size * LINE_HEIGHT;
  const top = box.y + (box.height - lines.length * lineHeight) / 2;
  // The glyphs' own box (ascent + descent) sits in the middle of each line.
  const inset = (lineHeight - (fonts.ascent + fonts.descent) * size) / 2 + fonts.ascent * size;
  return {
    kind: "text",
    role,
    x: box.x,
    width: box.width,
    align: style.align,
    weight: style.weight,
    size,
    color: style.color ?? TEXT_COLOR,
    lines: lines.map((line, index) => ({ text: line, width: fonts.width(line, style.weight) * size, baseline: top + index * lineHeight + inset })),
  };
}

/** The logo's square in whole modules, centred (same parity as the code), about LOGO_WIDTH_SHARE wide. */
export function logoModules(moduleCount: number) {
  return 2 * Math.round((moduleCount * LOGO_WIDTH_SHARE - 1) / 2) + 1;
}

/**
 * The dark modules as runs along each row, `[row, column, length, …]` flattened; the logo's square
 * is left clear. Runs keep both drawings small: one rectangle per run, not per module.
 */
export function moduleRuns(matrix: ModuleMatrix, clear: { from: number; to: number } | null) {
  const cleared = (row: number, column: number) => clear !== null && row >= clear.from && row < clear.to && column >= clear.from && column < clear.to;
  const dark = (row: number, column: number) => matrix.isDark(row, column) && !cleared(row, column);
  const runs: number[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!dark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && dark(row, column)) column++;
      runs.push(row, start, column - start);
    }
  }
  return runs;
}

/** The runs as SVG path data, one unit per module. */
export function runsPath(runs: readonly number[]) {
  let path = "";
  for (let index = 0; index < runs.length; index += 3) path += `M${runs[index + 1]} ${runs[index]}h${runs[index + 2]}v1h-${runs[index + 2]}z`;
  return path;
}

type CodeArea = { items: PlanItem[]; block: number };

/** The code with its quiet zone (a background-coloured square), its top-left at (x, y). */
function codeBlock(x: number, y: number, codeWidth: number, moduleCount: number, backgroundColor: string, logo: number | null): CodeArea {
  const moduleSize = codeWidth / moduleCount;
  const quiet = QUIET_ZONE_MODULES * moduleSize;
  const block = codeWidth + 2 * quiet;
  const items: PlanItem[] = [
    { kind: "rect", x, y, width: block, height: block, color: backgroundColor },
    { kind: "code", x: x + quiet, y: y + quiet, moduleSize },
  ];
  if (logo !== null) {
    const offset = ((moduleCount - logo) / 2) * moduleSize;
    // Half a module of background around the logo keeps it apart from the modules beside it.
    items.push({ kind: "logo", x: x + quiet + offset + moduleSize / 2, y: y + quiet + offset + moduleSize / 2, size: (logo - 1) * moduleSize });
  }
  return { items, block };
}

export function codeBlockWidth(codeWidth: number, moduleCount: number) {
  return (codeWidth * (moduleCount + 2 * QUIET_ZONE_MODULES)) / moduleCount;
}

type Layout = { fonts: FontMetrics; content: PrintContent; moduleCount: number; backgroundColor: string; logo: number | null };

/** Boxes stacked downwards from `top` with `gap` between them; heights are given. */
function stack(top: number, gap: number, heights: number[]) {
  const tops: number[] = [];
  let y = top;
  for (const height of heights) {
    tops.push(y);
    y += height + gap;
  }
  return tops;
}

/** Poster and flyer: one column, centred. */
function sheetColumn(format: "poster" | "flyer", sheet: { width: number; height: number }, layout: Layout) {
  const { fonts, content } = layout;
  const isPoster = format === "poster";
  const margin = (isPoster ? 1.5 : 1) * POINTS_PER_CM;
  const gap = (isPoster ? 0.3 : 0.2) * POINTS_PER_CM;
  const width = sheet.width - 2 * margin;
  const codeWidth = codeWidthPoints(format);
  const block = codeBlockWidth(codeWidth, layout.moduleCount);
  const linkHeight = (isPoster ? 1 : 0.7) * POINTS_PER_CM;
  const labelHeight = (isPoster ? 0.5 : 0.6) * POINTS_PER_CM;
  const free = sheet.height - 2 * margin - block - linkHeight - labelHeight - 6 * gap;
  const share = { business: 0.17, offer: 0.4, condition: 0.17, cta: 0.26 };
  const heights = [free * share.business, free * share.offer, free * share.condition, free * share.cta, block, linkHeight, labelHeight];
  const [businessTop, offerTop, conditionTop, ctaTop, codeTop, linkTop, labelTop] = stack(margin, gap, heights);
  const box = (y: number, height: number) => ({ x: margin, y, width, height });
  const scale = isPoster ? 1 : 0.55;
  const center = (weight: FontWeight, maxSize: number, minSize: number, color?: string): TextStyle => ({
    weight,
    maxSize: Math.round(maxSize * scale * 2) / 2,
    minSize,
    align: "center",
    color,
  });
  const items: (PlanItem | null)[] = [
    textItem("business", content.businessName, box(businessTop!, heights[0]!), center("bold", 30, 8), fonts),
    textItem("offer", content.offer, box(offerTop!, heights[1]!), center("bold", 64, 9), fonts),
    textItem("condition", content.condition, box(conditionTop!, heights[2]!), center("regular", 24, 7), fonts),
    textItem("cta", content.cta, box(ctaTop!, heights[3]!), center("bold", 30, 8), fonts),
    ...codeBlock((sheet.width - block) / 2, codeTop!, codeWidth, layout.moduleCount, layout.backgroundColor, layout.logo).items,
    textItem("link", content.link, box(linkTop!, linkHeight), center("regular", 16, 6), fonts),
    textItem("label", content.label, box(labelTop!, labelHeight), center("regular", 9, 5, SMALL_PRINT_COLOR), fonts),
  ];
  return items.filter((item) => item !== null);
}

/** One face of the table tent: the lower half of the sheet, code on the left, words on the right. */
function tentFace(sheet: { width: number; height: number }, layout: Layout) {
  const { fonts, content } = layout;
  const faceTop = sheet.height / 2;
  const margin = 1 * POINTS_PER_CM;
  const codeWidth = codeWidthPoints("tent");
  const block = codeBlockWidth(codeWidth, layout.moduleCount);
  const linkHeight = 0.7 * POINTS_PER_CM;
  const codeTop = faceTop + (sheet.height / 2 - block - linkHeight) / 2;
  const columnX = margin + block + 0.6 * POINTS_PER_CM;
  const columnWidth = sheet.width - columnX - margin;
  const labelHeight = 0.6 * POINTS_PER_CM;
  const gap = 0.2 * POINTS_PER_CM;
  const free = sheet.height / 2 - 2 * margin - labelHeight - 4 * gap;
  const heights = [free * 0.18, free * 0.36, free * 0.18, free * 0.28, labelHeight];
  const [businessTop, offerTop, conditionTop, ctaTop, labelTop] = stack(faceTop + margin, gap, heights);
  const box = (y: number, height: number) => ({ x: columnX, y, width: columnWidth, height });
  const center = (weight: FontWeight, maxSize: number, minSize: number, color?: string): TextStyle => ({
    weight,
    maxSize,
    minSize,
    align: "center",
    color,
  });
  const items: (PlanItem | null)[] = [
    ...codeBlock(margin, codeTop, codeWidth, layout.moduleCount, layout.backgroundColor, layout.logo).items,
    textItem("link", content.link, { x: margin, y: codeTop + block, width: block, height: linkHeight }, center("regular", 11, 5), fonts),
    textItem("business", content.businessName, box(businessTop!, heights[0]!), center("bold", 20, 7), fonts),
    textItem("offer", content.offer, box(offerTop!, heights[1]!), center("bold", 40, 8), fonts),
    textItem("condition", content.condition, box(conditionTop!, heights[2]!), center("regular", 16, 6), fonts),
    textItem("cta", content.cta, box(ctaTop!, heights[3]!), center("bold", 20, 7), fonts),
    textItem("label", content.label, box(labelTop!, labelHeight), center("regular", 8, 5, SMALL_PRINT_COLOR), fonts),
  ];
  return items.filter((item) => item !== null);
}

/** One label of the sticker sheet: code on the left, the offer, the call to action and link beside it. */
function stickerLabel(x: number, y: number, width: number, height: number, layout: Layout) {
  const { fonts, content } = layout;
  const codeWidth = codeWidthPoints("sticker");
  const block = codeBlockWidth(codeWidth, layout.moduleCount);
  const inset = 0.15 * POINTS_PER_CM;
  const columnX = x + inset + block + 0.15 * POINTS_PER_CM;
  const columnWidth = x + width - columnX - 0.3 * POINTS_PER_CM;
  const padding = 0.25 * POINTS_PER_CM;
  const gap = 0.05 * POINTS_PER_CM;
  const free = height - 2 * padding - 4 * gap;
  const heights = [free * 0.17, free * 0.31, free * 0.18, free * 0.18, free * 0.16];
  const [businessTop, offerTop, ctaTop, linkTop, labelTop] = stack(y + padding, gap, heights);
  const box = (top: number, boxHeight: number) => ({ x: columnX, y: top, width: columnWidth, height: boxHeight });
  const left = (weight: FontWeight, maxSize: number, minSize: number, color?: string): TextStyle => ({
    weight,
    maxSize,
    minSize,
    align: "left",
    color,
  });
  const items: (PlanItem | null)[] = [
    ...codeBlock(x + inset, y + (height - block) / 2, codeWidth, layout.moduleCount, layout.backgroundColor, layout.logo).items,
    textItem("business", content.businessName, box(businessTop!, heights[0]!), left("bold", 11, 4), fonts),
    textItem("offer", content.offer, box(offerTop!, heights[1]!), left("bold", 13, 4), fonts),
    textItem("cta", content.cta, box(ctaTop!, heights[2]!), left("regular", 8, 3.5), fonts),
    textItem("link", content.link, box(linkTop!, heights[3]!), left("regular", 8, 3.5), fonts),
    textItem("label", content.label, box(labelTop!, heights[4]!), left("regular", 6, 3.5, SMALL_PRINT_COLOR), fonts),
  ];
  return items.filter((item) => item !== null);
}

export type PlanInput = {
  format: PrintFormat;
  paper: Paper;
  content: PrintContent;
  matrix: ModuleMatrix;
  codeColor: string;
  backgroundColor: string;
  fonts: FontMetrics;
};

/** The whole sheet; throws TextDoesNotFit when a text cannot fit even at its smallest size. */
export function planSheet(input: PlanInput): PrintPlan {
  const { format, paper, content, matrix } = input;
  const sheet = sheetOf(format, paper);
  const moduleCount = matrix.size;
  const logo = content.hasLogo ? logoModules(moduleCount) : null;
  const clear = logo === null ? null : { from: (moduleCount - logo) / 2, to: (moduleCount + logo) / 2 };
  const layout: Layout = { fonts: input.fonts, content, moduleCount, backgroundColor: input.backgroundColor, logo };
  let items: PlanItem[] = [];
  let turnedItems: PlanItem[] = [];
  if (format === "poster" || format === "flyer") items = sheetColumn(format, sheet, layout);
  else if (format === "tent") {
    items = [...tentFace(sheet, layout), { kind: "fold", y: sheet.height / 2, width: sheet.width }];
    turnedItems = tentFace(sheet, layout);
  } else {
    const labels = LABEL_SHEETS[paper];
    const label = stickerLabel(0, 0, labels.width, labels.height, layout);
    for (let row = 0; row < labels.rows; row++)
      for (let column = 0; column < labels.columns; column++)
        items.push(...label.map((item) => moved(item, labels.left + column * labels.pitchX, labels.top + row * labels.pitchY)));
  }
  return {
    width: sheet.width,
    height: sheet.height,
    codeColor: input.codeColor,
    backgroundColor: input.backgroundColor,
    moduleRuns: moduleRuns(matrix, clear),
    moduleCount,
    logoArea: logo === null ? null : (logo * logo) / (moduleCount * moduleCount),
    items,
    turnedItems,
  };
}

function moved(item: PlanItem, dx: number, dy: number): PlanItem {
  switch (item.kind) {
    case "text":
      return { ...item, x: item.x + dx, lines: item.lines.map((line) => ({ ...line, baseline: line.baseline + dy })) };
    case "fold":
      return { ...item, y: item.y + dy };
    default:
      return { ...item, x: item.x + dx, y: item.y + dy };
  }
}
