// Rules: docs/features/campaigns-and-print.md ("Short links").
import crypto from "node:crypto";
import QRCode from "qrcode";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "~/features/uploads/limits";
import { logger } from "~/utils/logger.server";

/** The PNG for screens; `size` asks for more (print shops want 2000 px and up). */
export const QR_SIZE = 300;
export const QR_MIN_SIZE = 100;
export const QR_MAX_SIZE = 4000;
export const QR_MARGIN = 2;
export const QR_DARK = "#1E40AF";
export const QR_LIGHT = "#FFFFFF";
/** The logo's square at the default size: a fifth of the width, at every size. */
export const LOGO_SIZE = 60;
/**
 * Always H: the short link keeps the code at version 3 even so, and H survives a centred logo
 * (STACK pitfall 10), dirt and wear.
 */
export const QR_ERROR_CORRECTION = "H" as const;

export type QrLogo = { bytes: Buffer; contentType: string };

/** The code's module matrix, for drawing it as vectors (printed PDFs); H like every code. */
export function qrModules(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  return { size: modules.size, isDark: (row: number, column: number) => Boolean(modules.get(row, column)) };
}

const PNG_CACHE_ENTRIES = 64;
// Rendered PNGs by (text, size, logo bytes): a campaign's code changes only with its URL or its logo.
const pngCache = new Map<string, Buffer>();

/**
 * The QR code as a `size` px PNG, with the logo drawn to fit a white square a fifth of the width
 * in the centre when given. Every module is a whole number of pixels (the spare pixels widen the
 * quiet zone), so a print shop's enlargement stays sharp. Drawn and encoded by sharp in libuv's
 * thread pool, never on the event loop (a 4000 px image is 16 megapixels); results are kept in a
 * small LRU.
 */
export async function renderQrPng(text: string, logo?: QrLogo | null, size: number = QR_SIZE): Promise<Buffer> {
  const cacheKey = `${text}\u0000${size}\u0000${logo ? crypto.createHash("sha256").update(logo.bytes).digest("base64") : "-"}`;
  const cached = pngCache.get(cacheKey);
  if (cached) {
    pngCache.delete(cacheKey);
    pngCache.set(cacheKey, cached);
    return cached;
  }
  const png = await renderQrPngUncached(text, logo, size);
  pngCache.set(cacheKey, png);
  if (pngCache.size > PNG_CACHE_ENTRIES) pngCache.delete(pngCache.keys().next().value!);
  return png;
}

const rgbOf = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** One pixel per module (quiet zone included), in the brand colours. */
function moduleBitmap(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const count = modules.size + QR_MARGIN * 2;
  const [dark, light] = [rgbOf(QR_DARK), rgbOf(QR_LIGHT)];
  const pixels = Buffer.alloc(count * count * 3);
  for (let y = 0; y < count; y++) {
    for (let x = 0; x < count; x++) {
      const row = y - QR_MARGIN;
      const column = x - QR_MARGIN;
      const isDark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      pixels.set(isDark ? dark! : light!, (y * count + x) * 3);
    }
  }
  return { pixels, count };
}

async function renderQrPngUncached(text: string, logo: QrLogo | null | undefined, size: number): Promise<Buffer> {
  const { pixels, count } = moduleBitmap(text);
  const scale = Math.max(1, Math.floor(size / count));
  const spare = size - scale * count;
  const code = await sharp(pixels, { raw: { width: count, height: count, channels: 3 } })
    .resize(scale * count, scale * count, { kernel: "nearest" })
    .extend({
      top: Math.floor(spare / 2),
      left: Math.floor(spare / 2),
      bottom: Math.ceil(spare / 2),
      right: Math.ceil(spare / 2),
      background: QR_LIGHT,
    })
    .raw()
    .toBuffer();
  const logoSize = Math.round((size * LOGO_SIZE) / QR_SIZE);
  const mark = logo ? await fitLogo(logo, logoSize) : null;
  const image = sharp(code, { raw: { width: size, height: size, channels: 3 } });
  if (!mark) return image.png().toBuffer();
  const box = Math.round((size - logoSize) / 2);
  return image
    .composite([
      { input: { create: { width: logoSize, height: logoSize, channels: 4, background: QR_LIGHT } }, left: box, top: box },
      { input: mark.bytes, left: box + Math.floor((logoSize - mark.width) / 2), top: box + Math.floor((logoSize - mark.height) / 2) },
    ])
    .png()
    .toBuffer();
}

/** The logo scaled to fit a `box` px square, flattened on white; null when it cannot be drawn. */
async function fitLogo(logo: QrLogo, box: number) {
  try {
    const { data, info } = await sharp(logo.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .autoOrient()
      .resize(box, box, { fit: "inside" })
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
  const svg = await QRCode.toString(text, {
    type: "svg",
    width: QR_SIZE,
    margin: QR_MARGIN,
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    color: { dark: QR_DARK, light: QR_LIGHT },
  });
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
