// Reading a printed PDF back as a person would: poppler renders and extracts its text, jsQR decodes its codes.
// Shared by the integration tests and the browser journeys (no app imports here).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";

export const RENDER_DPI = 150;

function withPdfFile<T>(pdf: Buffer, work: (file: string, folder: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-print-"));
  try {
    const file = path.join(folder, "sheet.pdf");
    fs.writeFileSync(file, pdf);
    return work(file, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The first page as pixels, rendered by poppler's pdftoppm at RENDER_DPI. */
export function renderFirstPage(pdf: Buffer) {
  return withPdfFile(pdf, (file, folder) => {
    execFileSync("pdftoppm", ["-r", String(RENDER_DPI), "-png", "-f", "1", "-l", "1", "-singlefile", file, path.join(folder, "page")]);
    return PNG.sync.read(fs.readFileSync(path.join(folder, "page.png")));
  });
}

/** The PDF's text as poppler's pdftotext reads it, whitespace collapsed. */
export function pdfText(pdf: Buffer) {
  return withPdfFile(pdf, (file) => execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"]).toString("utf8").replace(/\s+/g, " ").trim());
}

/** poppler's pdffonts and pdfimages -list, one row per font or image. */
export function pdfFontsAndImages(pdf: Buffer) {
  return withPdfFile(pdf, (file) => {
    const rows = (output: Buffer) => output.toString("utf8").trim().split("\n").slice(2).filter(Boolean);
    return { fonts: rows(execFileSync("pdffonts", [file])), images: rows(execFileSync("pdfimages", ["-list", file])) };
  });
}

export function pdfPageCount(pdf: Buffer) {
  return withPdfFile(pdf, (file) => Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString("utf8"))?.[1]));
}

type Region = { x: number; y: number; width: number; height: number };

/** A rectangle of the page, as its own image. */
export function crop(png: PNG, region: Region) {
  const x = Math.max(0, Math.round(region.x));
  const y = Math.max(0, Math.round(region.y));
  const width = Math.min(png.width - x, Math.round(region.width));
  const height = Math.min(png.height - y, Math.round(region.height));
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, x, y, width, height, 0, 0);
  return out;
}

/** The code jsQR finds, with its width on paper in centimetres (finder pattern edge to edge). */
export function decodeCode(png: PNG) {
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) return null;
  const { topLeftCorner: a, topRightCorner: b, bottomLeftCorner: c } = found.location;
  const widthPx = (Math.hypot(b.x - a.x, b.y - a.y) + Math.hypot(c.x - a.x, c.y - a.y)) / 2;
  return { text: found.data, widthCm: (widthPx / RENDER_DPI) * 2.54 };
}
