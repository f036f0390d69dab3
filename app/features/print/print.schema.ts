import { z } from "zod";
import { DEFAULT_FORMAT, DEFAULT_PAPER, HEX_COLOR, PAPERS, PRINT_FORMATS, PRINT_LANGUAGE } from "./print";

const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const color = (what: string) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(HEX_COLOR, `The ${what} must be a colour written like #1E40AF.`)
      .transform((hex) => hex.toUpperCase())
      .optional(),
  );

/**
 * The print page's and the PDF's URL: `?format=&paper=&placement=&code=&background=&lang=`. Anything
 * unknown is refused with a sentence naming what is accepted (400), never silently replaced.
 */
export const PrintOptionsSchema = z.object({
  format: z.preprocess(
    blankAsMissing,
    z.enum(PRINT_FORMATS, { error: "Unknown format. Choose poster, flyer, tent or sticker." }).default(DEFAULT_FORMAT),
  ),
  paper: z.preprocess(blankAsMissing, z.enum(PAPERS, { error: "Unknown paper size. Choose letter or a4." }).default(DEFAULT_PAPER)),
  /** An id that is not one of the campaign's placements finds nothing (404), like any unknown id. */
  placement: z.preprocess(blankAsMissing, z.string().max(64).optional()),
  code: color("code colour"),
  background: color("background colour"),
  /** The sheet's language (`es`) or two (`en-es`); the campaign's page language when left out. Checked against the campaign's languages by the server. */
  lang: z.preprocess(
    blankAsMissing,
    z.string().regex(PRINT_LANGUAGE, "Unknown language. Choose a language code such as en, or two such as en-es.").optional(),
  ),
});
export type PrintOptions = z.infer<typeof PrintOptionsSchema>;

/** The options from a URL's query (the first value of each). */
export function printOptionsInput(searchParams: URLSearchParams) {
  return Object.fromEntries(["format", "paper", "placement", "code", "background", "lang"].map((key) => [key, searchParams.get(key) ?? undefined]));
}

/** The query that reproduces the options (defaults left out). */
export function printQuery(options: PrintOptions) {
  const params = new URLSearchParams();
  params.set("format", options.format);
  params.set("paper", options.paper);
  if (options.placement) params.set("placement", options.placement);
  if (options.code) params.set("code", options.code);
  if (options.background) params.set("background", options.background);
  if (options.lang) params.set("lang", options.lang);
  return params.toString();
}
