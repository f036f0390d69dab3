import fs from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import type { FontMetrics, FontWeight } from "./print-layout";

// DejaVu Sans covers Latin-1, Latin Extended A and B, Greek and Cyrillic; it ships with the app
// (an npm package), so nothing is fetched at run time. Parsed once per process: PDFKit embeds a
// subset of the glyphs each document uses.
const FONT_FILES: Record<FontWeight, string> = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
};

export type PrintFont = fontkit.Font;

let loaded: Record<FontWeight, PrintFont> | null = null;

export function printFonts(): Record<FontWeight, PrintFont> {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const open = (file: string) => {
      const font = fontkit.create(fs.readFileSync(require.resolve(file))) as PrintFont;
      // fontkit caches each glyph with the characters it was first made for, and PDFKit writes a
      // PDF's text layer (ToUnicode) from them. Subsetting "ü" makes the glyph of its component
      // "u" with no character, so every later "u" would vanish from copied or searched text:
      // make every mapped glyph from its character first. Ligatures ("ff", U+FB00…) are left to
      // the layout, which makes them with the letters they replace.
      for (const codePoint of font.characterSet) if (codePoint < 0xfb00 || codePoint > 0xfb4f) font.glyphForCodePoint(codePoint);
      return font;
    };
    loaded = { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  }
  return loaded;
}

const WIDTH_CACHE_ENTRIES = 20_000;
// Shaping a string is the costly part of fitting text; a sheet measures the same words many times.
const widths = new Map<string, number>();

function measured(fonts: Record<FontWeight, PrintFont>, text: string, weight: FontWeight) {
  const key = `${weight}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = fonts[weight].layout(text).advanceWidth / fonts[weight].unitsPerEm;
    if (widths.size >= WIDTH_CACHE_ENTRIES) widths.clear();
    widths.set(key, width);
  }
  return width;
}

/** The metrics the layout fits text with: the same fonts, the same shaping, that the PDF draws. */
export function printFontMetrics(): FontMetrics {
  const fonts = printFonts();
  const { regular } = fonts;
  return {
    width: (text, weight) => measured(fonts, text, weight),
    ascent: regular.ascent / regular.unitsPerEm,
    descent: -regular.descent / regular.unitsPerEm,
  };
}

/** The characters of `text` the print font has no glyph for (each listed once). */
export function unprintableCharacters(text: string) {
  const { regular, bold } = printFonts();
  const missing = new Set<string>();
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (character !== " " && (!regular.hasGlyphForCodePoint(codePoint) || !bold.hasGlyphForCodePoint(codePoint))) missing.add(character);
  }
  return [...missing];
}
