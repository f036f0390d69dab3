// Pure rules for telling a person's load of the capture page from everything else (decision
// 090): previewers, crawlers, HEAD and speculative loads, and the visitor's device type and OS.
// Rules: docs/features/capture-and-leads.md ("One cached document per campaign", "What counts as a scan", "Visitor
//   ids"); docs/features/domains.md ("White label").
import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import type { ScanExclusionReason, ScanSource } from "~/db/schema/scans";

/**
 * Chat and social apps that fetch a shared link to draw its preview card. isbot matches these too,
 * so they are told apart first: an owner sharing the code in a group chat should read "link
 * previews", not "bots". Sources: each vendor's published user agent (Meta, Slack, X, Telegram,
 * Discord, LinkedIn, Microsoft/Skype, Apple, Pinterest, Reddit, Snap, Mastodon, Bluesky).
 * In-app browsers (Instagram, FBAN, Line, Snapchat's own browser) are people and stay counted.
 */
const PREVIEWERS = new RegExp(
  [
    "facebookexternalhit",
    "facebookcatalog",
    "Facebot",
    "meta-externalagent",
    "WhatsApp",
    "Slackbot",
    "Slack-ImgProxy",
    "Twitterbot",
    "TelegramBot",
    "Discordbot",
    "LinkedInBot",
    "SkypeUriPreview",
    "Skype",
    "MicrosoftPreview",
    "Applebot",
    "iMessage",
    "Pinterestbot",
    "Pinterest/",
    "redditbot",
    "Snap URL Preview",
    "vkShare",
    "Viber/",
    "KakaoTalk-scrap",
    "Embedly",
    "Iframely",
    "Mastodon/",
    "Bluesky Cardyb",
    "Google-PageRenderer",
    "Zoombot",
    "Signal-",
  ].join("|"),
  "i",
);

const SPECULATIVE = /prefetch|prerender|preview/i;
const PURPOSE_HEADERS = ["sec-purpose", "purpose", "x-purpose", "x-moz"];

type HeaderSource = { get(name: string): string | null };

/**
 * Why a load is not a scan, judged from the request alone (owner and repeat need the database):
 * null for what looks like a person's GET.
 */
export function exclusionOf(method: string, headers: HeaderSource): ScanExclusionReason | null {
  if (method === "HEAD") return "head";
  for (const name of PURPOSE_HEADERS) {
    const value = headers.get(name);
    if (value && SPECULATIVE.test(value)) return "prefetch";
  }
  const userAgent = headers.get("user-agent")?.trim() ?? "";
  if (userAgent && PREVIEWERS.test(userAgent)) return "preview";
  if (!userAgent || looksLikeBot(userAgent)) return "bot";
  return null;
}

// A crowd's phones send a few user agents again and again; isbot's expression was 2 % of a
// capture load's CPU. Bounded: a flood of made-up agents only empties it.
const BOT_VERDICTS = new Map<string, boolean>();
const MAX_BOT_VERDICTS = 1_000;

function looksLikeBot(userAgent: string) {
  let verdict = BOT_VERDICTS.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (BOT_VERDICTS.size >= MAX_BOT_VERDICTS) BOT_VERDICTS.clear();
    BOT_VERDICTS.set(userAgent, verdict);
  }
  return verdict;
}

export function isPreviewer(userAgent: string) {
  return PREVIEWERS.test(userAgent);
}

/**
 * A scan is a page served to a person: a GET from a non-bot user agent that
 * is not a speculative prefetch. HEAD, crawlers, link previewers and prefetches do not count.
 */
export function isCountedView(load: { method: string; headers: HeaderSource }) {
  return load.method === "GET" && exclusionOf(load.method, load.headers) === null;
}

const MOBILE = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|BlackBerry|Opera Mini|Silk\//i;

/** The spec's two device types, told apart by the browser's signature. */
export function deviceTypeOf(userAgent: string | null): "mobile" | "desktop" {
  return userAgent && MOBILE.test(userAgent) ? "mobile" : "desktop";
}

export const SCAN_OS = ["iOS", "Android", "Windows", "macOS", "Linux", "Other"] as const;
export type ScanOs = (typeof SCAN_OS)[number];

/** The operating system family, for the analytics split. */
export function osOf(userAgent: string | null): ScanOs {
  if (!userAgent) return "Other";
  const name = new UAParser(userAgent).getOS().name ?? "";
  if (name === "iOS" || name === "iPadOS") return "iOS";
  if (name === "Android" || name === "HarmonyOS") return "Android";
  if (name === "Windows") return "Windows";
  if (name === "Mac OS" || name === "macOS") return "macOS";
  if (/Linux|Ubuntu|Debian|Fedora|Mint|Arch|Gentoo|SUSE|CentOS|Red Hat|Kubuntu|Manjaro/i.test(name)) return "Linux";
  return "Other";
}

/** `?s=qr` marks a load from a printed code; anything else is the link shared elsewhere. */
export function sourceOf(searchParams: URLSearchParams): ScanSource {
  return searchParams.get("s") === "qr" ? "qr" : "link";
}

/** A scan load by the same visitor within this window is a refresh, not a new scan. */
export const REPEAT_WINDOW_MINUTES = 30;

/** The UTC day of an instant, as PostgreSQL's `date` text (YYYY-MM-DD). */
export function utcDay(at: Date = new Date()) {
  return at.toISOString().slice(0, 10);
}

/**
 * The cookie that holds a capture visitor's id, and its lifetime as the privacy
 * notice states it. A neutral name: an Enterprise owner's visitors never see ours.
 */
export const VISITOR_COOKIE = "v_id";
export const VISITOR_COOKIE_DAYS = 180;
