// Pure blog rules: slugs, dates and the spec's line-based content format.

/**
 * The spec's slug rule: lowercase, keep letters, digits, spaces and hyphens, spaces to hyphens, one
 * hyphen at a time. An accented letter keeps its base letter ("café" → "cafe"), not nothing.
 */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .trim()
      .replace(/[^a-z0-9\s-]/g, "")
      .replace(/\s+/g, "-")
      .replace(/-+/g, "-")
      // An edge hyphen only makes an uglier URL; none of the spec's examples keeps one.
      .replace(/^-|-$/g, "")
  );
}

const LONG_US_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "November 22, 2026": long US format, in UTC so server and browser render the same text. */
export function formatPostDate(date: Date | string): string {
  return LONG_US_DATE.format(typeof date === "string" ? new Date(date) : date);
}

export const DEFAULT_AUTHOR = "LeadQR Team";

/**
 * The byline readers see: the author's name, never their email (issue 54). A name that is an
 * address (or none, or a deleted author) reads as the team.
 */
export function authorLabel(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed && !trimmed.includes("@") ? trimmed : DEFAULT_AUTHOR;
}

export type ContentBlock =
  { kind: "h2"; text: string } | { kind: "h3"; text: string } | { kind: "list"; items: string[] } | { kind: "p"; text: string };

const BULLET = /^\*\s+/;

/**
 * The spec's line rules: '### ' subheading, '## ' heading, '*' plus spaces a bullet (consecutive
 * bullets form one list), any other non-empty line a paragraph. Text stays text: it is rendered
 * by React as children, never as HTML.
 */
export function parseBlogContent(content: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const raw of content.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("### ")) {
      blocks.push({ kind: "h3", text: line.slice(4).trim() });
    } else if (line.startsWith("## ")) {
      blocks.push({ kind: "h2", text: line.slice(3).trim() });
    } else if (BULLET.test(line)) {
      const item = line.replace(BULLET, "");
      const last = blocks.at(-1);
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
    } else {
      blocks.push({ kind: "p", text: line });
    }
  }
  return blocks;
}
