// Rules: docs/features/domains.md ("White label").
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "~/features/uploads/limits";
import type { QrLogo } from "~/features/qr/qr.server";
import { refused } from "~/features/languages/owner/refusals";
import { printFonts } from "./print-fonts.server";
import type { PlanItem, PrintPlan } from "./print-layout";

/** Pixels of the printed logo's side: 300 dpi across the poster's 2.4 cm logo square. */
const LOGO_PRINT_PIXELS = 300;
const LOGO_DECODE_SECONDS = 5;

/**
 * The campaign's logo ready to print: decoded under the upload pixel budget and a time limit in
 * libuv's thread pool (sharp), fitted to LOGO_PRINT_PIXELS and flattened on the code's
 * background. Null when it cannot be read: the code is then printed without it.
 */
export async function prepareLogo(logo: QrLogo, backgroundColor: string): Promise<Buffer | null> {
  try {
    return await sharp(logo.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .timeout({ seconds: LOGO_DECODE_SECONDS })
      .autoOrient()
      .resize(LOGO_PRINT_PIXELS, LOGO_PRINT_PIXELS, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: backgroundColor })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** PDFs being made in this process, and those waiting for a turn. */
const MAX_RUNNING = 2;
const MAX_WAITING = 16;
let running = 0;
const waiting: Array<() => void> = [];

/**
 * Runs `work` when one of MAX_RUNNING slots is free. Drawing a PDF is synchronous JavaScript, so a
 * burst of downloads takes turns (the event loop serves other requests between them) and a queue
 * longer than MAX_WAITING is refused at once instead of piling up memory.
 */
export async function withPdfSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw refused("print_busy", "print.busy");
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    // Yield first, so requests that arrived meanwhile are served before this one's CPU work.
    await new Promise((resolve) => setImmediate(resolve));
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The plan as a PDF: vector modules, selectable text in the embedded (subset) DejaVu Sans. */
export async function renderPlanPdf(plan: PrintPlan, options: { title: string; logo: Buffer | null }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [plan.width, plan.height],
    margin: 0,
    // No default font: PDFKit would parse Helvetica's metrics for every document, unused.
    font: null as unknown as string,
    // No Creator: the print kit is the business's, and Enterprise promises no LeadQR name.
    info: { Title: options.title },
    lang: "en",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const fonts = printFonts();
  // PDFKit takes a parsed fontkit font as it takes a file; parsing once serves every document.
  doc.registerFont("regular", fonts.regular as unknown as Buffer);
  doc.registerFont("bold", fonts.bold as unknown as Buffer);

  const draw = (item: PlanItem) => {
    switch (item.kind) {
      case "rect":
        doc.rect(item.x, item.y, item.width, item.height).fill(item.color);
        break;
      case "code": {
        doc.save().translate(item.x, item.y).scale(item.moduleSize);
        const runs = plan.moduleRuns;
        for (let index = 0; index < runs.length; index += 3) doc.rect(runs[index + 1]!, runs[index]!, runs[index + 2]!, 1);
        doc.fill(plan.codeColor).restore();
        break;
      }
      case "logo":
        if (options.logo) doc.image(options.logo, item.x, item.y, { fit: [item.size, item.size], align: "center", valign: "center" });
        break;
      case "fold":
        doc.save().moveTo(0, item.y).lineTo(item.width, item.y).lineWidth(0.5).dash(4, { space: 4 }).stroke("#9CA3AF").restore();
        break;
      case "text":
        doc.font(item.weight).fontSize(item.size).fillColor(item.color);
        for (const line of item.lines) {
          const x = item.align === "center" ? item.x + (item.width - line.width) / 2 : item.x;
          doc.text(line.text, x, line.baseline, { lineBreak: false, baseline: "alphabetic" });
        }
        break;
    }
  };
  for (const item of plan.items) draw(item);
  if (plan.turnedItems.length > 0) {
    doc.save().rotate(180, { origin: [plan.width / 2, plan.height / 2] });
    for (const item of plan.turnedItems) draw(item);
    doc.restore();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
