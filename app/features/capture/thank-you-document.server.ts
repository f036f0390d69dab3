// The page a phone without JavaScript gets after posting the capture form. React
// Router renders it once per campaign version, page language, kind of answer and validity line,
// with placeholders where the lead's own code and QR go; each answer is that template
// with this lead's values escaped for where they stand (the page's text, or the data the page
// hydrates from). Anything the template cannot say exactly as a render would (a refusal, a value
// the hydration data would share with another) is rendered in full, as before.
// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead").
import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { getServices } from "~/utils/services.server";
import type { ClaimView } from "~/features/redeem/claim.server";
import { shortLinkPath } from "~/features/placements/short-links";
import { warmShortLink, scanParamsOf } from "~/features/placements/short-links.server";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { isUuid } from "./capture";
import { localize, uncountedStateOf, type LocalizedCaptureView } from "./capture.server";
import { offeredLanguagesOfCampaign, visitLanguageOf, withLanguageParam } from "./visit-language.server";
import { NONCE_PLACEHOLDER, snapshotOf } from "./capture-document.server";
import type { LeadPostAnswer } from "./lead-post.server";

/** The rendered page: React Router's document response for a posted form whose answer is given. */
export type RenderPosted = (
  path: string,
  request: { headers: Headers; nonce: string },
  context: { leadAnswer: LeadPostAnswer; captureView?: LocalizedCaptureView },
) => Promise<Response>;

export type PostedDocument = { status: number; headers: [string, string][]; body: Buffer; gzip: boolean };
/** The form's post as the edge read it: its address and headers (the body is already answered). */
export type FormPost = { url: string; headers: IncomingHttpHeaders };

// The validity line is no slot: it is one of few per day, and often a string the page carries
// already (the hydration data would name it once), so it is part of the template's key.
type ClaimSlot = "code" | "qrSvg";
type Slot = ClaimSlot | "nonce";
const PLACEHOLDERS: Record<ClaimSlot, string> = { code: "lqCODEplaceholder", qrSvg: "lqQRSVGplaceholder" };
/** Templates kept per campaign version: a campaign meets a new validity line each day. */
const MAX_TEMPLATES_PER_CAMPAIGN = 32;
const SLOT_OF = new Map<string, Slot>([
  ...Object.entries(PLACEHOLDERS).map(([slot, text]) => [text, slot as Slot] as const),
  [NONCE_PLACEHOLDER, "nonce"],
]);
const SLOT_PATTERN = new RegExp(`(${[...SLOT_OF.keys()].map((text) => text.replace(/=/g, "\\=")).join("|")})`);

/** `inScript`: the value stands in the hydration data, not in the page's markup. */
type Use = { slot: Slot; inScript: boolean };
type ThankYouTemplate = { parts: Buffer[]; deflated: Buffer[]; uses: Use[]; html: string; headers: [string, string][] };

export function compileThankYou(html: string, headers: [string, string][]): ThankYouTemplate {
  const pieces = html.split(SLOT_PATTERN);
  const parts: Buffer[] = [];
  const uses: Use[] = [];
  let offset = 0;
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) parts.push(Buffer.from(piece));
    else uses.push({ slot: SLOT_OF.get(piece)!, inScript: html.lastIndexOf("<script", offset) > html.lastIndexOf("</script>", offset) });
    offset += piece.length;
  });
  // Each piece ends on a byte boundary (sync flush), so pieces and values concatenate into one stream.
  const deflated = parts.map((part) => zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  return { parts, deflated, uses, html, headers };
}

const MARKUP_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", "<": "\\u003c", ">": "\\u003e", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * A string as the hydration data carries it: the value's JSON inside the stream's JSON string,
 * with React Router's escapes for a script element.
 */
function inHydrationData(value: string) {
  return JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]!);
}

/** The text a use of a slot stands for: React's text escaping in the markup, the QR's own SVG as is. */
function filled(use: Use, claim: ClaimView, nonce: string) {
  if (use.slot === "nonce") return nonce;
  const value = claim[use.slot];
  if (use.inScript) return inHydrationData(value);
  return use.slot === "qrSvg" ? value : value.replace(/[&<>"']/g, (char) => MARKUP_ESCAPES[char]!);
}

/**
 * The hydration data names a string once and refers back to it after: a lead's value equal to a
 * string the page carries already would be a reference in a render, so such a page is rendered.
 */
function fitsTemplate(template: ThankYouTemplate, claim: ClaimView) {
  return [claim.code, claim.qrSvg].every((value) => !template.html.includes(`\\"${inHydrationData(value)}\\"`));
}

function fill(template: ThankYouTemplate, claim: ClaimView, nonce: string, gzip: boolean) {
  const values = template.uses.map((use) => Buffer.from(filled(use, claim, nonce)));
  if (!gzip) return Buffer.concat(template.parts.flatMap((part, index) => (values[index] ? [part, values[index]] : [part])));
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, index) => {
    chunks.push(template.deflated[index]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
    const value = values[index];
    if (!value) return;
    chunks.push(zlib.deflateRawSync(value, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    crc = zlib.crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// The last block: empty, stored, final.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

function headersOf(req: FormPost) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "content-length" || name === "transfer-encoding") continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** The page's address, campaign and what it shows after the post, when a template may answer. */
function unlessUnavailable(error: unknown): null {
  if (!isDatabaseUnavailable(error)) throw error;
  return null;
}

async function templateTargetOf(req: FormPost, params: { campaignId?: string; code?: string }, answer: LeadPostAnswer) {
  const link = params.code === undefined ? undefined : warmShortLink(params.code, String(req.headers[CLIENT_IP_HEADER] ?? "unknown"));
  const campaignId = link ? link.campaignId : params.campaignId;
  if (!isUuid(campaignId)) return null;
  const { database } = await getServices();
  const entry = await snapshotOf(database.capture.db, campaignId);
  if (!entry.snapshot) return null;
  const headers = headersOf(req);
  const searchParams = link ? withLanguageParam(scanParamsOf(link), new URLSearchParams()) : new URLSearchParams();
  const { language } = visitLanguageOf({ headers, searchParams }, entry.snapshot);
  const view = localize({
    ...uncountedStateOf(entry.snapshot, { acceptedPost: answer.body.ok }),
    language,
    languages: offeredLanguagesOfCampaign(entry.snapshot),
  });
  return { entry, view, path: link ? shortLinkPath(link.code) : `/capture/${campaignId}` };
}

async function renderedTemplate(render: RenderPosted, target: NonNullable<Awaited<ReturnType<typeof templateTargetOf>>>, answer: LeadPostAnswer) {
  const { claim, ...rest } = answer.body;
  const shown = claim ? { ...rest, claim: { code: PLACEHOLDERS.code, validity: claim.validity, qrSvg: PLACEHOLDERS.qrSvg } } : rest;
  const state = target.view.state === "limit" ? `limit:${target.view.scanCount}` : target.view.state;
  const key = `thank-you ${target.path} ${state} ${target.view.language} ${JSON.stringify(shown)}`;
  let template = target.entry.documents.get(key) as Promise<ThankYouTemplate> | undefined;
  if (!template) {
    template = render(
      target.path,
      { headers: new Headers(), nonce: NONCE_PLACEHOLDER },
      { leadAnswer: { ...answer, body: shown }, captureView: target.view },
    ).then(async (response) => {
      if (response.status !== 200) throw new Error(`thank-you template rendered ${response.status}`);
      const headers = [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length");
      return compileThankYou(await response.text(), headers);
    });
    if (target.entry.documents.size >= MAX_TEMPLATES_PER_CAMPAIGN) target.entry.documents.delete(target.entry.documents.keys().next().value!);
    target.entry.documents.set(key, template);
    template.catch(() => target.entry.documents.delete(key));
  }
  return template;
}

/**
 * The page after a form post whose answer is `answer`: from the campaign's template when the post
 * stored a lead on a page with no query, else rendered in full. Gzip when the browser takes it.
 */
export async function postedDocument(
  req: FormPost,
  post: { params: { campaignId?: string; code?: string }; answer: LeadPostAnswer; nonce: string; render: RenderPosted },
): Promise<PostedDocument> {
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const { answer } = post;
  const plainAddress = !req.url.includes("?");
  // The campaign's copy may need a read; when the database is out, the full render answers with
  // the page's own outage screen (503) rather than this post failing.
  const target =
    answer.status === 200 && !answer.headers && plainAddress ? await templateTargetOf(req, post.params, answer).catch(unlessUnavailable) : null;
  if (target) {
    const template = await renderedTemplate(post.render, target, answer);
    const claim = answer.body.claim ?? { code: "", validity: "", qrSvg: "" };
    if (answer.body.claim === undefined || fitsTemplate(template, claim)) {
      return { status: 200, headers: template.headers, body: fill(template, claim, post.nonce, gzip), gzip };
    }
  }
  const response = await post.render(req.url, { headers: headersOf(req), nonce: post.nonce }, { leadAnswer: answer });
  const html = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name !== "content-length");
  return { status: response.status, headers, body: gzip ? zlib.gzipSync(html) : html, gzip };
}
