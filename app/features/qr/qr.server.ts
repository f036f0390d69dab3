import { PNG } from "pngjs";
import QRCode from "qrcode";
import { logger } from "~/utils/logger.server";

export const QR_SIZE = 300;
export const QR_MARGIN = 2;
export const QR_DARK = "#1E40AF";
export const QR_LIGHT = "#FFFFFF";
export const LOGO_SIZE = 60;

export type QrLogo = { bytes: Buffer; contentType: string };

function options(hasLogo: boolean) {
  // A centred logo hides modules: only level H still decodes with a 60 px logo (STACK pitfall 10).
  return {
    width: QR_SIZE,
    margin: QR_MARGIN,
    errorCorrectionLevel: hasLogo ? ("H" as const) : ("M" as const),
    color: { dark: QR_DARK, light: QR_LIGHT },
  };
}

/** The QR code as a 300 px PNG, with the logo (a PNG) drawn 60×60 in the centre when given. */
export async function renderQrPng(text: string, logo?: QrLogo | null): Promise<Buffer> {
  const decodedLogo = logo ? decodeLogo(logo) : null;
  const buffer = await QRCode.toBuffer(text, { type: "png", ...options(Boolean(logo)) });
  if (!decodedLogo) return buffer;
  const qr = PNG.sync.read(buffer);
  drawLogo(qr, decodedLogo);
  return PNG.sync.write(qr);
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

function decodeLogo(logo: QrLogo): PNG | null {
  // Logos are turned into PNG in the browser before upload; other formats are drawn only in the SVG.
  if (logo.contentType !== "image/png") return null;
  try {
    return PNG.sync.read(logo.bytes);
  } catch (error) {
    logger.error({ err: error }, "QR Code generation error: unreadable logo");
    return null;
  }
}

/** Draws `logo` scaled to fit a white 60×60 square in the centre of `qr` (bilinear, alpha over white). */
function drawLogo(qr: PNG, logo: PNG) {
  const scale = Math.min(LOGO_SIZE / logo.width, LOGO_SIZE / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const boxLeft = Math.round((qr.width - LOGO_SIZE) / 2);
  const boxTop = Math.round((qr.height - LOGO_SIZE) / 2);
  const left = boxLeft + Math.floor((LOGO_SIZE - width) / 2);
  const top = boxTop + Math.floor((LOGO_SIZE - height) / 2);

  for (let y = boxTop; y < boxTop + LOGO_SIZE; y++) {
    for (let x = boxLeft; x < boxLeft + LOGO_SIZE; x++) {
      const index = (y * qr.width + x) * 4;
      qr.data[index] = qr.data[index + 1] = qr.data[index + 2] = qr.data[index + 3] = 255;
    }
  }

  const sample = (sx: number, sy: number, channel: number) => {
    const x0 = Math.min(logo.width - 1, Math.max(0, Math.floor(sx)));
    const y0 = Math.min(logo.height - 1, Math.max(0, Math.floor(sy)));
    const x1 = Math.min(logo.width - 1, x0 + 1);
    const y1 = Math.min(logo.height - 1, y0 + 1);
    const fx = Math.min(1, Math.max(0, sx - x0));
    const fy = Math.min(1, Math.max(0, sy - y0));
    const at = (x: number, y: number) => logo.data[(y * logo.width + x) * 4 + channel]!;
    const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
    const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
    return top * (1 - fy) + bottom * fy;
  };

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = (x + 0.5) / scale - 0.5;
      const sy = (y + 0.5) / scale - 0.5;
      const alpha = sample(sx, sy, 3) / 255;
      const index = ((top + y) * qr.width + (left + x)) * 4;
      for (let channel = 0; channel < 3; channel++) {
        qr.data[index + channel] = Math.round(sample(sx, sy, channel) * alpha + 255 * (1 - alpha));
      }
      qr.data[index + 3] = 255;
    }
  }
}
