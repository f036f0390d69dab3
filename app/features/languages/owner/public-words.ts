// The public pages under the shared header (the landing page, pricing, the blog) load neither
// i18next nor the owner catalogue (docs/performance.md, "First paint"): each carries its own English
// part of the catalogue (en-landing.ts, en-pricing.ts, en-blog.ts), and a signed-in member's
// translation comes with the page's data (public-words.server.ts). A page signed out is English.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { enApiDocs } from "./en-api-docs";
import type { enBlog } from "./en-blog";
import type { enLanding } from "./en-landing";
import type { enPricing } from "./en-pricing";

/** The public pages' namespaces: every translation holds exactly these keys. */
export type PublicPages = { landing: typeof enLanding; pricing: typeof enPricing; blog: typeof enBlog };

/** Fills `{{name}}` placeholders as i18next does (unescaped: React escapes what it renders). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (found, name: string) => (name in values ? String(values[name]) : found));
}

/** What each language's `public.ts` holds: the public pages' namespaces and the API documentation's. */
export type PublicCatalogue = PublicPages & { apiDocs: typeof enApiDocs };
