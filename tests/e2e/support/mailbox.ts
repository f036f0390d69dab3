// The mails the e2e server sent, read from its SMTP stub (scripts/e2e-server.mjs says where it is).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

export type Mail = { to: string[]; subject: string; raw: string };

function stubUrl() {
  const port = process.env.E2E_PORT ?? "3210";
  const file = path.join(os.tmpdir(), `leadqr-e2e-mailbox-${port}.json`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { url: string }).url;
}

export async function mailsTo(address: string, url = stubUrl()): Promise<Mail[]> {
  const all = (await (await fetch(`${url}/messages`)).json()) as Mail[];
  return all.filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for a mail to `address` whose subject matches, and returns it; a timeout names the subjects that came. */
export async function waitForMail(address: string, subject: string | RegExp, url?: string) {
  let found: Mail | undefined;
  let came: string[] = [];
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address, url);
        came = mails.map((mail) => mail.subject);
        found = mails.find((mail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)));
        return found ? "found" : `not among ${JSON.stringify(came)}`;
      },
      { timeout: 20_000, message: `a mail "${subject}" to ${address}` },
    )
    .toBe("found");
  return found!;
}

/** The MIME body decoded enough to read it and its links (quoted-printable and base64 parts, as UTF-8). */
export function decodedBody(raw: string) {
  return raw
    .split(/\r?\n--/)
    .map((part) => {
      const [headers = "", ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join("\n\n");
      if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
      if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
        const bytes = content.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, "latin1").toString("utf8");
      }
      return content;
    })
    .join("\n");
}

/** The first link to `pathname` in the mail, as a path the browser can open on baseURL. */
export function linkIn(mail: Mail, pathname: string) {
  const match = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[^\\s"<>]+`).exec(decodedBody(mail.raw));
  if (!match) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, "&"));
  return url.pathname + url.search;
}

/** A mail as its reader sees it: header lines unfolded, the subject's encoded words and the body's parts decoded. */
export function readMail<T extends { raw: string }>(mail: T) {
  const [head = ""] = mail.raw.split("\r\n\r\n");
  const headers = head.replace(/\r\n(?=[ \t])/g, "");
  return { ...mail, headers, subject: decodedWords(/^Subject: (.*)$/m.exec(headers)?.[1] ?? ""), text: decodedBody(mail.raw) };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
function decodedWords(header: string) {
  const bytes = (text: string) =>
    Buffer.from(
      text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) => bytes(text))
    .replace(/=\?UTF-8\?B\?(.*?)\?=/gi, (_, text: string) => Buffer.from(text, "base64").toString("utf8"));
}
