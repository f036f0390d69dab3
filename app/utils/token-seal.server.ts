// Tokens at rest (lead sync, lead alerts): AES-256-GCM under a key derived from the app's secret, so
// a copy of the database alone does not open anyone's Mailchimp account or Google Drive.
// Rules: docs/features/lead-sync.md ("Connections and tokens").
import crypto from "node:crypto";

const VERSION = "v1";

function keyOf(secret: string) {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "leadqr", "sync provider tokens", 32));
}

export function sealToken(secret: string, plain: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Throws when the value was not sealed under this secret (a rotated secret: the owner reconnects). */
export function openToken(secret: string, sealed: string) {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("not a sealed token");
  const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
