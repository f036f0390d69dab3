// The capture page's fast document path. A campaign's page is rendered by React
// Router once per campaign version with a placeholder scan token and nonce, and kept as
// pre-deflated pieces; each visitor's document is those pieces with the real token and nonce put
// in as stored deflate blocks. Serving a scan costs one SQL statement and a CRC, not a render.
// This module decides the answer; the edge writes it (app/server/http/capture-page.ts).
// Rules: docs/features/capture-and-leads.md ("One cached document per campaign", "One email is one lead per campaign",
//   "Overload answers fast", "Visitor ids"); docs/features/visitor-languages.md ("The owner's translations", "One
//   language per page").
import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { crc32Combine, crc32ShiftOf } from "./crc32-combine";
import type { Database } from "~/db/client.server";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import {
  decideCaptureLoad,
  hasSessionCookie,
  isCaptureOverload,
  loadCaptureSnapshot,
  localize,
  viewerOf,
  type CaptureSnapshot,
  type CaptureView,
  type LocalizedCaptureView,
} from "./capture.server";
import { visitLanguageOf, withLanguageParam } from "./visit-language.server";
import { languageCookieHeader } from "~/features/languages/choose-language.server";
import { browserLanguageOf, busyPageIn } from "./visitor-failures.server";
import { isUuid } from "./capture";
import { shortLinkPath } from "~/features/placements/short-links";
import { scanParamsOf, warmShortLink } from "~/features/placements/short-links.server";
import { visitorCookieHeader, visitorIdOf, keyVisitorIds, type VisitorId } from "~/features/scans/visitor-id.server";

/** A fixed token the template carries where each visitor's scan id goes. */
export const TOKEN_PLACEHOLDER = "7e57c0de-0000-4000-8000-00000000c0de";
/** Same length as a real nonce (16 bytes, base64). */
export const NONCE_PLACEHOLDER = "lqNONCEplaceholder0000==";

/** How long a process trusts its copy of a campaign (offer, status, plan) before asking again. */
export const SNAPSHOT_TTL_MS = 2_000;
/** Visitors waiting for a scan connection beyond this get "busy, retrying" at once. */
export const MAX_WAITING_SCANS = 64;
const MAX_CACHED_CAMPAIGNS = 1_000;

/**
 * Renders the capture route at a path (`/capture/{id}` or `/q/{code}`) with a given view, its
 * language's strings included (provided by the HTTP server).
 */
export type RenderCapture = (path: string, view: LocalizedCaptureView, nonce: string) => Promise<string>;

type Slot = "token" | "nonce";
/** `crcs` and `shifts`: each part's CRC-32 and its length's combine operator, computed once. */
type Template = { parts: Buffer[]; deflated: Buffer[]; crcs: number[]; shifts: number[]; slots: Slot[]; html: string };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// The last block: empty, stored, final.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const SLOT_PATTERN = new RegExp(`(${TOKEN_PLACEHOLDER}|${NONCE_PLACEHOLDER.replace(/[=]/g, "\\=")})`);

export function compileTemplate(html: string): Template {
  const pieces = html.split(SLOT_PATTERN);
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) parts.push(Buffer.from(piece));
    else slots.push(piece === TOKEN_PLACEHOLDER ? "token" : "nonce");
  });
  // Each piece ends on a byte boundary (sync flush) and refers only to its own bytes, so pieces
  // and stored blocks can be concatenated into one valid deflate stream.
  const deflated = parts.map((part) => zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  return { parts, deflated, crcs: parts.map((part) => zlib.crc32(part)), shifts: parts.map((part) => crc32ShiftOf(part.length)), slots, html };
}

function storedBlock(bytes: Buffer) {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return [header, bytes];
}

/** The document for one visitor, gzip: microseconds, whatever the page's size. */
export function gzipDocument(template: Template, values: Record<Slot, string>) {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, index) => {
    chunks.push(template.deflated[index]!);
    crc = crc32Combine(crc, template.crcs[index]!, template.shifts[index]!);
    size += part.length;
    const slot = template.slots[index];
    if (slot) {
      const value = Buffer.from(values[slot]);
      chunks.push(...storedBlock(value));
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

export function plainDocument(template: Template, values: Record<Slot, string>) {
  let out = "";
  template.parts.forEach((part, index) => {
    out += part.toString();
    const slot = template.slots[index];
    if (slot) out += values[slot];
  });
  return Buffer.from(out);
}

export type CachedCampaign = {
  snapshot: CaptureSnapshot | null;
  fetchedAt: number;
  version: string;
  templates: Map<string, Promise<Template>>;
  /** Other documents rendered once per campaign version (the thank-you page after a form post). */
  documents: Map<string, Promise<unknown>>;
};

const campaigns = new Map<string, CachedCampaign>();
/** Reads of a campaign in flight: the loads that find its copy stale meanwhile wait for the same read. */
const refreshing = new Map<string, Promise<CachedCampaign>>();

/** The campaign as this process last read it (at most SNAPSHOT_TTL_MS ago), with its rendered documents. */
export async function snapshotOf(db: Database, campaignId: string): Promise<CachedCampaign> {
  const cached = campaigns.get(campaignId);
  if (cached && Date.now() - cached.fetchedAt < SNAPSHOT_TTL_MS) return cached;
  const inFlight = refreshing.get(campaignId);
  if (inFlight) return inFlight;
  const read = readSnapshot(db, campaignId, cached).finally(() => {
    if (refreshing.get(campaignId) === read) refreshing.delete(campaignId);
  });
  refreshing.set(campaignId, read);
  return read;
}

async function readSnapshot(db: Database, campaignId: string, cached: CachedCampaign | undefined): Promise<CachedCampaign> {
  const snapshot = await loadCaptureSnapshot(db, campaignId);
  // The owner's translations are part of what a template shows.
  const version = JSON.stringify(snapshot ? [snapshot.offer, snapshot.translations] : null);
  const entry: CachedCampaign = {
    snapshot,
    fetchedAt: Date.now(),
    version,
    // A changed offer (design, copy, its translations, logo, business name) renders new templates.
    templates: cached && cached.version === version ? cached.templates : new Map(),
    documents: cached && cached.version === version ? cached.documents : new Map(),
  };
  campaigns.delete(campaignId);
  campaigns.set(campaignId, entry);
  if (campaigns.size > MAX_CACHED_CAMPAIGNS) campaigns.delete(campaigns.keys().next().value!);
  return entry;
}

function templateFor(entry: CachedCampaign, path: string, view: CaptureView, render: RenderCapture) {
  // Per path: the browser's router takes the page's route from its address. Per language: the
  // document carries its language's words, and only those.
  const state = view.state === "form" ? `form:${view.scanToken ? "token" : "none"}` : view.state === "limit" ? `limit:${view.scanCount}` : view.state;
  const key = `${path} ${state} ${view.language}`;
  let template = entry.templates.get(key);
  if (!template) {
    const shown: CaptureView = view.state === "form" && view.scanToken ? { ...view, scanToken: TOKEN_PLACEHOLDER } : view;
    template = render(path, localize(shown), NONCE_PLACEHOLDER).then(compileTemplate);
    entry.templates.set(key, template);
    template.catch(() => entry.templates.delete(key));
  }
  return template;
}

/**
 * The visitor's document: the campaign's template with this visitor's token and nonce, or, for a
 * browser that claimed, a render of its own: its code is in the page, so it is
 * never a template. Only returning claimants pay for a render.
 */
async function documentOf(entry: CachedCampaign, path: string, view: CaptureView, options: { nonce: string; render: RenderCapture; gzip: boolean }) {
  if (view.state === "claimed") {
    const html = Buffer.from(await options.render(path, localize(view), options.nonce));
    return options.gzip ? zlib.gzipSync(html) : html;
  }
  const template = await templateFor(entry, path, view, options.render);
  const values = { token: view.state === "form" && view.scanToken ? view.scanToken : "", nonce: options.nonce };
  return options.gzip ? gzipDocument(template, values) : plainDocument(template, values);
}

function headerSource(headers: IncomingHttpHeaders) {
  return {
    get(name: string) {
      const value = headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  };
}

/** A GET or HEAD of a capture page, as the edge read it. */
export type CaptureRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  target: { campaignId: string } | { shortCode: string };
  /** This response's CSP nonce. */
  nonce: string;
  render: RenderCapture;
};

/**
 * What the edge answers: the page (gzip when the browser takes it, with the cookies it sets), the
 * overload page ("Overload answers fast": never a hanging page), or `elsewhere` — an unknown campaign or code,
 * or anything unusual, which React Router's route answers.
 */
export type CaptureAnswer = { kind: "page"; body: Buffer; gzip: boolean; cookies: string[] } | { kind: "busy"; html: string } | { kind: "elsewhere" };

const ELSEWHERE: CaptureAnswer = { kind: "elsewhere" };

function busy(headers: IncomingHttpHeaders): CaptureAnswer {
  return { kind: "busy", html: busyPageIn(browserLanguageOf(headers)) };
}

/**
 * The answer to GET/HEAD /capture/:id, or /q/:code (a short link this process knows), for an
 * active campaign: a signed-in viewer's too (the owner's own loads are not counted, decideCaptureLoad).
 */
export async function captureDocument(request: CaptureRequest): Promise<CaptureAnswer> {
  const { target } = request;
  const headers = headerSource(request.headers);
  const clientAddress = headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const link = "shortCode" in target ? warmShortLink(target.shortCode, clientAddress) : undefined;
  if ("shortCode" in target && !link) return ELSEWHERE;
  const campaignId = link ? link.campaignId : (target as { campaignId: string }).campaignId;
  if (!isUuid(campaignId)) return ELSEWHERE;
  const path = link ? shortLinkPath(link.code) : `/capture/${campaignId}`;
  const { database, env, secret } = await getServices();
  const { db, waiting } = database.capture;
  if (waiting() >= MAX_WAITING_SCANS) return busy(request.headers);
  keyVisitorIds(secret);
  const visitor: VisitorId | undefined = env.VISITOR_ID === "cookie" ? visitorIdOf(headers.get("cookie")) : undefined;

  let view: CaptureView;
  let entry: CachedCampaign;
  let rememberLanguage = false;
  try {
    entry = await snapshotOf(db, campaignId);
    if (!entry.snapshot) return ELSEWHERE;
    const url = new URL(request.url, "http://capture.invalid");
    const searchParams = link ? withLanguageParam(scanParamsOf(link), url.searchParams) : url.searchParams;
    rememberLanguage = visitLanguageOf({ headers, searchParams }, entry.snapshot).remember;
    view = await decideCaptureLoad(db, entry.snapshot, {
      method: request.method,
      headers,
      clientAddress,
      searchParams,
      viewer: hasSessionCookie({ headers }) ? () => viewerOf(new Request(url, { headers: request.headers as HeadersInit })) : undefined,
      visitor,
    });
  } catch (error) {
    if (!isCaptureOverload(error)) throw error;
    logger.warn({ err: error, campaignId }, "capture page busy: database saturated or unavailable");
    return busy(request.headers);
  }
  if (view.state === "not-found") {
    campaigns.delete(campaignId);
    return ELSEWHERE;
  }

  const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  const body = await documentOf(entry, path, view, { nonce: request.nonce, render: request.render, gzip });
  // The visitor id is set on the page itself, never by a redirect; so is the switcher's choice.
  const secure = env.appUrl.protocol === "https:";
  const cookies = [
    ...(visitor?.issue ? [visitorCookieHeader(visitor.id, secure)] : []),
    ...(rememberLanguage ? [languageCookieHeader(view.language, secure)] : []),
  ];
  return { kind: "page", body, gzip, cookies };
}

/** For tests: forget cached campaigns and templates. */
export function clearCaptureDocuments() {
  campaigns.clear();
  refreshing.clear();
}
