import { z } from "zod";
import { MAX_INPUT_PIXELS, megabytesLabel, type UploadProblem } from "~/features/uploads/limits";
import { slugify } from "./blog";

export const REQUIRED_FIELDS = "Please fill in all required fields";
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const EXCERPT_MAX = 500;
export const CONTENT_MAX = 100_000;
export const BANNER_URL_MAX = 2_000;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** The fixed wording of what the editor and the save action say about a banner upload. */
export const BANNER_MESSAGES = {
  not_image: "Please select an image file",
  too_large: `Image size must be less than ${megabytesLabel(BANNER_MAX_BYTES)}`,
  too_many_pixels: `Image is too large. Please use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  failed: "Failed to upload image. Please try again.",
} as const satisfies Record<UploadProblem, string> & Record<string, string>;

/** Banners we stored ourselves are served from this path (local storage); anything else must be https (the CSP allows no plain-http images). */
const OWN_BANNER_PATH = /^\/uploads\/blog-banners\/[0-9]+-[0-9a-f]{16}\.(png|jpg|webp|gif)$/;

export function isAllowedBannerUrl(value: string) {
  if (OWN_BANNER_PATH.test(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && Boolean(url.hostname);
}

export const PostInputSchema = z
  .object({
    title: z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    slug: z.string().trim().max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`).default(""),
    excerpt: z.string().trim().max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`).default(""),
    content: z
      .string({ error: REQUIRED_FIELDS })
      .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX.toLocaleString("en-US")} characters`)
      .refine((value) => value.trim() !== "", REQUIRED_FIELDS)
      // Forms send CRLF line breaks; posts are stored with plain newlines.
      .transform((value) => value.replace(/\r\n?/g, "\n")),
    publish: z.literal("on").optional(),
    bannerImageUrl: z
      .string()
      .trim()
      .max(BANNER_URL_MAX, "Banner URL is too long")
      .refine((value) => value === "" || isAllowedBannerUrl(value), "Banner URL must start with https://")
      .default(""),
  })
  .transform((input, ctx) => {
    // An empty slug is derived from the title (spec); a typed one is held to the same rule.
    const slug = slugify(input.slug || input.title);
    if (!slug) {
      ctx.addIssue({ code: "custom", message: REQUIRED_FIELDS, path: ["slug"] });
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
