// A local stand-in for a Web Push service, answering as RFC 8030 (HTTP Web Push), RFC 8291
// (message encryption) and RFC 8292 (VAPID) have push services answer:
// - `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT signed by k, `aud` the origin of
//   the push resource, `exp` in the future and at most 24 hours away, a `sub` (else 401/403);
// - a `TTL` header (RFC 8030 §5.2, else 400), `Content-Encoding: aes128gcm` (else 415);
// - a body of at most 4096 bytes (§7.2, else 413);
// - 201 Created with a Location, after DECRYPTING the payload with the subscription's private key
//   and auth secret, as the browser would: tests read the plain text a phone would show.
// Each subscription is made here as a browser makes it (a P-256 key pair and a 16-byte secret);
// it can be told to answer 404/410 (unsubscribed, expired) or 429 with Retry-After.
import crypto from "node:crypto";
import http from "node:http";

const b64u = (buffer) => Buffer.from(buffer).toString("base64url");

function hkdf(salt, ikm, info, length) {
  return Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, its padding delimiter 0x02. */
function decrypt(body, subscriber) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18) throw new Error("bad header");
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const secret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.publicKey, senderKey]);
  const ikm = hkdf(subscriber.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292 §2-3: the JWT and key of a `vapid` Authorization; returns a refusal or null. */
function vapidProblem(header, origin) {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return [401, "missing or malformed vapid Authorization"];
  const [, token, key] = match;
  const [head, claims, signature] = token.split(".");
  let publicKey;
  try {
    const raw = Buffer.from(key, "base64url");
    if (raw.length !== 65 || raw[0] !== 4) return [401, "k is not an uncompressed P-256 key"];
    publicKey = crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: "jwk" });
  } catch {
    return [401, "k is not a P-256 key"];
  }
  let parsedHead, parsedClaims;
  try {
    parsedHead = JSON.parse(Buffer.from(head, "base64url").toString());
    parsedClaims = JSON.parse(Buffer.from(claims, "base64url").toString());
  } catch {
    return [401, "unreadable JWT"];
  }
  if (parsedHead.alg !== "ES256") return [401, "JWT must be ES256"];
  const valid = crypto.verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature ?? "", "base64url"),
  );
  if (!valid) return [401, "bad JWT signature"];
  const now = Math.floor(Date.now() / 1000);
  if (parsedClaims.aud !== origin) return [403, `aud must be ${origin}`];
  if (typeof parsedClaims.exp !== "number" || parsedClaims.exp <= now || parsedClaims.exp > now + 24 * 60 * 60)
    return [403, "exp must be within 24 hours"];
  if (typeof parsedClaims.sub !== "string" || !/^(mailto:|https:)/.test(parsedClaims.sub)) return [403, "sub must be a mailto: or https: URL"];
  return null;
}

export async function startPushStandIn() {
  /** @type {Map<string, any>} */
  const subscriptions = new Map();

  function answer(response, status, body = "", headers = {}) {
    response.writeHead(status, { "content-type": "text/plain", ...headers });
    response.end(body);
  }

  function receive(request, body, subscriber, response) {
    if (subscriber.answer === 404 || subscriber.answer === 410)
      return answer(response, subscriber.answer, "push subscription has unsubscribed or expired");
    if (subscriber.answer === 429) return answer(response, 429, "too many requests", { "retry-after": String(subscriber.retryAfter) });
    const problem = vapidProblem(request.headers.authorization, origin);
    if (problem) return answer(response, problem[0], problem[1]);
    subscriber.vapidKeys.add(/k=([A-Za-z0-9_-]+)/.exec(request.headers.authorization)[1]);
    if (request.headers.ttl === undefined || !/^\d+$/.test(request.headers.ttl)) return answer(response, 400, "TTL header required");
    if (request.headers["content-encoding"] !== "aes128gcm") return answer(response, 415, "Content-Encoding must be aes128gcm");
    if (body.length > 4096) return answer(response, 413, "payload too large");
    let text;
    try {
      text = decrypt(body, subscriber);
    } catch (error) {
      return answer(response, 400, `cannot decrypt: ${error.message}`);
    }
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A plain-text push: tests read `text`.
    }
    subscriber.messages.push({ text, json, at: Date.now(), ttl: Number(request.headers.ttl), urgency: request.headers.urgency ?? "normal" });
    return answer(response, 201, "", { location: `${origin}/message/${crypto.randomUUID()}` });
  }

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (request.method !== "POST") return answer(response, 405);
      const subscriber = subscriptions.get(url.pathname);
      if (!subscriber) return answer(response, 404, "no such subscription");
      receive(request, Buffer.concat(chunks), subscriber, response);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const origin = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;

  /** A browser's new subscription: its keys are made here, the private one never leaves. */
  function subscribe() {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.generateKeys();
    const path = `/push/${crypto.randomBytes(16).toString("base64url")}`;
    const subscriber = {
      ecdh,
      publicKey: ecdh.getPublicKey(),
      auth: crypto.randomBytes(16),
      messages: [],
      answer: 201,
      retryAfter: 1,
      vapidKeys: new Set(),
    };
    subscriptions.set(path, subscriber);
    return { endpoint: origin + path, keys: { p256dh: b64u(subscriber.publicKey), auth: b64u(subscriber.auth) } };
  }

  const of = (endpoint) => {
    const subscriber = subscriptions.get(new URL(endpoint).pathname);
    if (!subscriber) throw new Error(`no such subscription ${endpoint}`);
    return subscriber;
  };

  return {
    origin,
    subscribe,
    messages: (endpoint) => of(endpoint).messages,
    /** The VAPID public keys (k=) this subscription's pushes were signed with. */
    vapidKeys: (endpoint) => [...of(endpoint).vapidKeys],
    /** 201 (deliver), 404 or 410 (gone), 429 (slow down, with Retry-After `retryAfter` seconds). */
    answerWith: (endpoint, status, retryAfter = 1) => Object.assign(of(endpoint), { answer: status, retryAfter }),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
