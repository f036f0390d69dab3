import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import QRCode from "qrcode";
import { shortLinkQrText, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from "~/features/placements/short-links";
import { QR_ERROR_CORRECTION, renderQrPng, renderQrSvg } from "./qr.server";

const URL_TEXT = shortLinkQrText("http://localhost:3000", "AB3K7Z");

export function decodePng(bytes: Buffer) {
  const png = PNG.sync.read(bytes);
  return { png, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null };
}

export function solidPng(width: number, height: number, rgba: [number, number, number, number]) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set(rgba, i * 4);
  return PNG.sync.write(png);
}

const pixel = (png: PNG, x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4));

describe("QR codes", () => {
  it("renders a 300 px PNG in the brand colours that decodes to the capture URL", async () => {
    const { png, text } = decodePng(await renderQrPng(URL_TEXT));
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(text).toBe(URL_TEXT);
    const colours = new Set<string>();
    for (let i = 0; i < png.data.length; i += 4) colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
    expect(colours).toEqual(new Set(["30,64,175", "255,255,255"]));
  });

  it("draws a 60×60 logo in the centre and still decodes", async () => {
    const logo = solidPng(120, 120, [220, 38, 38, 255]);
    const { png, text } = decodePng(await renderQrPng(URL_TEXT, { bytes: logo, contentType: "image/png" }));
    expect(text).toBe(URL_TEXT);
    expect(pixel(png, 150, 150)).toEqual([220, 38, 38, 255]);
    expect(pixel(png, 121, 121)).toEqual([220, 38, 38, 255]);
    expect(pixel(png, 178, 178)).toEqual([220, 38, 38, 255]);
    expect(pixel(png, 119, 150)).not.toEqual([220, 38, 38, 255]);
    expect(pixel(png, 181, 150)).not.toEqual([220, 38, 38, 255]);
  });

  it("keeps a non-square logo inside the square and its aspect", async () => {
    const logo = solidPng(200, 50, [0, 128, 0, 255]);
    const { png, text } = decodePng(await renderQrPng(URL_TEXT, { bytes: logo, contentType: "image/png" }));
    expect(text).toBe(URL_TEXT);
    expect(pixel(png, 150, 150)).toEqual([0, 128, 0, 255]);
    expect(pixel(png, 150, 125)).toEqual([255, 255, 255, 255]);
  });

  it("ignores an unreadable logo rather than failing", async () => {
    const { text } = decodePng(await renderQrPng(URL_TEXT, { bytes: Buffer.from("nope"), contentType: "image/png" }));
    expect(text).toBe(URL_TEXT);
  });

  it("encodes a typical host's short link as a version 3 code at error correction H", () => {
    // The densest code a short link can have: the last symbols of the alphabet.
    const text = shortLinkQrText("https://leadqr.example.com", SHORT_CODE_ALPHABET.slice(-SHORT_CODE_LENGTH));
    expect(text).toBe("HTTPS://LEADQR.EXAMPLE.COM/Q/UVWXYZ");
    expect(QR_ERROR_CORRECTION).toBe("H");
    const code = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
    expect(code.version).toBeLessThanOrEqual(3);
    // What the codes encoded before: a version 10 code.
    const long = QRCode.create(
      "https://leadqr.example.com/capture/0b0e5c36-8d9c-4a8a-9f0e-2b8f3f6f1c11?s=qr&p=0b0e5c36-8d9c-4a8a-9f0e-2b8f3f6f1c11",
      {
        errorCorrectionLevel: "H",
      },
    );
    expect(long.version).toBeGreaterThan(3);
  });

  it("renders a print-size PNG whose modules are whole, equal squares, with the logo scaled along", async () => {
    const logo = solidPng(120, 120, [220, 38, 38, 255]);
    const { png, text } = decodePng(await renderQrPng(URL_TEXT, { bytes: logo, contentType: "image/png" }, 2000));
    expect([png.width, png.height]).toEqual([2000, 2000]);
    expect(text).toBe(URL_TEXT);
    // Logo square: a fifth of the width, in the centre.
    expect(pixel(png, 1000, 1000)).toEqual([220, 38, 38, 255]);
    expect(pixel(png, 805, 805)).toEqual([220, 38, 38, 255]);
    expect(pixel(png, 790, 1000)).not.toEqual([220, 38, 38, 255]);
    // Along a row, every run of one colour is a multiple of the module width.
    const modules = QRCode.create(URL_TEXT, { errorCorrectionLevel: "H" }).modules.size + 4;
    const scale = Math.floor(2000 / modules);
    const row = Math.floor((2000 - scale * modules) / 2) + scale * 2 + 1;
    const runs: number[] = [];
    let previous = "";
    for (let x = 0; x < 2000; x++) {
      const colour = pixel(png, x, row).join();
      if (colour === previous) runs[runs.length - 1]!++;
      else runs.push(1);
      previous = colour;
    }
    expect(runs.slice(1, -1).every((run) => run % scale === 0)).toBe(true);
  });

  it("renders SVG, with the logo as an embedded data: image", async () => {
    const plain = await renderQrSvg(URL_TEXT);
    expect(plain).toMatch(/^<svg[^>]+width="300"/);
    expect(plain.toLowerCase()).toContain('stroke="#1e40af"');
    expect(plain.toLowerCase()).toContain('fill="#ffffff"');
    expect(plain).not.toContain("<image");
    const logo = solidPng(10, 10, [0, 0, 0, 255]);
    const withLogo = await renderQrSvg(URL_TEXT, { bytes: logo, contentType: "image/png" });
    expect(withLogo).toContain(`href="data:image/png;base64,${logo.toString("base64")}"`);
    expect(withLogo.trim().endsWith("</svg>")).toBe(true);
  });
});
