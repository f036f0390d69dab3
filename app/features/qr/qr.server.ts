import crypto from "node:crypto";
import QRCode from "qrcode";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "~/features/uploads/limits";
import { logger } from "~/utils/logger.server";

export const QR_SIZE = 300;
export const QR_MARGIN = 2;
export const QR_DARK = "#1E40AF";
export const QR_LIGHT = "#FFFFFF";
export const LOGO_SIZE = 60;

export type QrLogo = { bytes: Buffer; contentType: string };

/** A centred logo hides modules: only level H still decodes with a 60 px logo (STACK pitfall 10). */
export function errorCorrectionLevel(hasLogo: boolean) {
  return hasLogo ? ("H" as const) : ("M" as const);
}

function options(hasLogo: boolean) {
  return { width: QR_SIZE, margin: QR_MARGIN, errorCorrectionLevel: errorCorrectionLevel(hasLogo), color: { dark: QR_DARK, light: QR_LIGHT } };
}

/** The code's module matrix, for drawing it as vectors (printed PDFs). */
export function qrModules(text: string, hasLogo: boolean) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: errorCorrectionLevel(hasLogo) });
  return { size: modules.size, isDark: (row: number, column: number) => Boolean(modules.get(row, column)) };
}

const PNG_CACHE_ENTRIES = 256;
// Rendered PNGs by (text, logo bytes): a campaign's code changes only with its URL or its logo.
const pngCache = new Map<string, Buffer>();

/**
 * The QR code as a 300 px PNG, with the logo drawn to fit a white 60×60 square in the centre when
 * given. The logo is decoded under the upload pixel budget and composited by sharp in libuv's
 * thread pool, never on the event loop; results are kept in a small LRU.
 */
export async function renderQrPng(text: string, logo?: QrLogo | null): Promise<Buffer> {
  const cacheKey = `${text}\u0000${logo ? crypto.createHash("sha256").update(logo.bytes).digest("base64") : "-"}`;
  const cached = pngCache.get(cacheKey);
  if (cached) {
    pngCache.delete(cacheKey);
    pngCache.set(cacheKey, cached);
    return cached;
  }
  const png = await renderQrPngUncached(text, logo);
  pngCache.set(cacheKey, png);
  if (pngCache.size > PNG_CACHE_ENTRIES) pngCache.delete(pngCache.keys().next().value!);
  return png;
}

async function renderQrPngUncached(text: string, logo?: QrLogo | null): Promise<Buffer> {
  const buffer = await QRCode.toBuffer(text, { type: "png", ...options(Boolean(logo)) });
  const mark = logo ? await fitLogo(logo) : null;
  if (!mark) return buffer;
  const box = Math.round((QR_SIZE - LOGO_SIZE) / 2);
  return sharp(buffer)
    .composite([
      { input: { create: { width: LOGO_SIZE, height: LOGO_SIZE, channels: 4, background: QR_LIGHT } }, left: box, top: box },
      { input: mark.bytes, left: box + Math.floor((LOGO_SIZE - mark.width) / 2), top: box + Math.floor((LOGO_SIZE - mark.height) / 2) },
    ])
    .png()
    .toBuffer();
}

/** The logo scaled to fit LOGO_SIZE, flattened on white; null when it cannot be drawn. */
async function fitLogo(logo: QrLogo) {
  try {
    const { data, info } = await sharp(logo.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .autoOrient()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: "inside" })
      .flatten({ background: QR_LIGHT })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    logger.error({ err: error }, "QR Code generation error: unreadable logo");
    return null;
  }
}

/** The QR code as SVG, with the logo embedded as a data: image in the centre when given. */
export async function renderQrSvg(text: string, logo?: QrLogo | null): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", ...options(Boolean(logo)) });
  if (!logo) return svg;
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const modules = viewBox ? Number(viewBox[1]) : QR_SIZE;
  const size = (modules * LOGO_SIZE) / QR_SIZE;
  const offset = (modules - size) / 2;
  const href = `data:${logo.contentType};base64,${logo.bytes.toString("base64")}`;
  const overlay =
    `<rect x="${offset}" y="${offset}" width="${size}" height="${size}" fill="${QR_LIGHT}"/>` +
    `<image x="${offset}" y="${offset}" width="${size}" height="${size}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${overlay}</svg>`);
}
