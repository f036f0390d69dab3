import { z } from "zod";
import { enAdmin } from "~/features/languages/owner/en-admin";
import { MAX_INPUT_PIXELS, megabytesLabel, type UploadProblem } from "~/features/uploads/limits";
import { slugify } from "./blog";

/** The editor's messages, by key of the admin catalogue's `adminBlog.errors` (English below; the owner's language through `ownerT`). */
export type PostErrorKey = keyof typeof enAdmin.adminBlog.errors;
export type PostMessages = (key: PostErrorKey, values?: Record<string, string | number>) => string;

/** English, without the owner catalogue's library: the schema's default, and the spec's wording. */
const englishPostMessages: PostMessages = (key, values = {}) =>
  enAdmin.adminBlog.errors[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

export const REQUIRED_FIELDS = enAdmin.adminBlog.errors.required;
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const EXCERPT_MAX = 500;
export const CONTENT_MAX = 100_000;
export const BANNER_URL_MAX = 2_000;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

const BANNER_MESSAGE_KEYS = {
  not_image: "notImage",
  too_large: "tooLarge",
  too_many_pixels: "tooManyPixels",
  failed: "uploadFailed",
} as const satisfies Record<UploadProblem | "failed", PostErrorKey>;

/** What the editor and the save action say about a banner upload, in the messages' language. */
export function bannerMessage(messages: PostMessages, problem: keyof typeof BANNER_MESSAGE_KEYS) {
  return messages(BANNER_MESSAGE_KEYS[problem], { size: megabytesLabel(BANNER_MAX_BYTES), megapixels: MAX_INPUT_PIXELS / 1_000_000 });
}

/** Banners we stored ourselves are served from this path (local storage); anything else must be https (the CSP allows no plain-http images). */
const OWN_BANNER_PATH = /^\/uploads\/blog-banners\/[0-9]+-[0-9a-f]{16}\.(png|jpg|webp|gif)$/;

export function isAllowedBannerUrl(value: string) {
  if (OWN_BANNER_PATH.test(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && Boolean(url.hostname);
}

/**
 * The editor's schema with its messages in one language (the browser and the action use the same,
 * in the admin's language). `maxFormat` writes a limit in that language's digits ("100,000").
 */
export function postInputSchemaIn(messages: PostMessages, maxFormat: (value: number) => string = (value) => value.toLocaleString("en-US")) {
  const required = messages("required");
  return z
    .object({
      title: z
        .string({ error: required })
        .trim()
        .min(1, required)
        .max(TITLE_MAX, messages("titleMax", { max: maxFormat(TITLE_MAX) })),
      slug: z
        .string()
        .trim()
        .max(SLUG_MAX, messages("slugMax", { max: maxFormat(SLUG_MAX) }))
        .default(""),
      excerpt: z
        .string()
        .trim()
        .max(EXCERPT_MAX, messages("excerptMax", { max: maxFormat(EXCERPT_MAX) }))
        .default(""),
      content: z
        .string({ error: required })
        .max(CONTENT_MAX, messages("contentMax", { max: maxFormat(CONTENT_MAX) }))
        .refine((value) => value.trim() !== "", required)
        // Forms send CRLF line breaks; posts are stored with plain newlines.
        .transform((value) => value.replace(/\r\n?/g, "\n")),
      publish: z.literal("on").optional(),
      bannerImageUrl: z
        .string()
        .trim()
        .max(BANNER_URL_MAX, messages("urlTooLong"))
        .refine((value) => value === "" || isAllowedBannerUrl(value), messages("urlHttps"))
        .default(""),
    })
    .transform((input, ctx) => {
      // An empty slug is derived from the title (spec); a typed one is held to the same rule.
      const slug = slugify(input.slug || input.title);
      if (!slug) {
        ctx.addIssue({ code: "custom", message: required, path: ["slug"] });
        return z.NEVER;
      }
      return {
        title: input.title,
        slug,
        excerpt: input.excerpt || null,
        content: input.content,
        publish: input.publish === "on",
        bannerImageUrl: input.bannerImageUrl || null,
      };
    });
}

/** The schema in English (the spec's messages). */
export const PostInputSchema = /* @__PURE__ */ postInputSchemaIn(englishPostMessages);

export type PostInput = z.output<typeof PostInputSchema>;

export const PostIdSchema = z.uuid("Unknown post");

export const PostListActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("delete"), postId: PostIdSchema }),
    z.object({ intent: z.literal("publish"), postId: PostIdSchema }),
    z.object({ intent: z.literal("unpublish"), postId: PostIdSchema }),
  ],
  { error: "Unknown action" },
);

export const POST_STATUS_FILTERS = ["all", "published", "draft"] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];
