// Rules: docs/features/domains.md ("HTTPS live means we reached ourselves", "Caddy on-demand TLS").
import crypto from "node:crypto";
import https from "node:https";

/** Where every instance answers the proof for the name it was reached on. */
export const PROOF_PATH = "/.well-known/leadqr-domain-proof";

let proofKey: { secret: string; key: Buffer } | undefined;

/**
 * The answer only an instance of this installation can give for a name: an HMAC of the name under
 * a key derived from the installation's secret for this purpose alone (HKDF, "domain proof"; the
 * raw secret signs nothing we publish). Every instance derives the same key, so it does not matter
 * which of N instances Caddy hands the check to, and nobody else can forge it.
 */
export function domainProofOf(hostname: string, secret: string) {
  if (proofKey?.secret !== secret) proofKey = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "leadqr", "domain proof", 32)) };
  return crypto.createHmac("sha256", proofKey.key).update(hostname).digest("hex");
}

/** Whether https://{hostname} reaches us: a valid certificate, our proxy, and our own answer back. */
export async function checkHttpsLive(hostname: string, secret: string, fetchProof: typeof fetch = fetch) {
  try {
    const response = await fetchProof(`https://${hostname}${PROOF_PATH}`, { redirect: "error", signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return false;
    return (await response.text()).trim() === domainProofOf(hostname, secret);
  } catch {
    return false;
  }
}

/**
 * A fetch for the proof that connects to `address` (`host:port`, HTTPS_CHECK_ADDRESS)
 * instead of the name's own address, while the certificate is still checked for the name.
 */
export function proofFetchVia(address: string): typeof fetch {
  const separator = address.lastIndexOf(":");
  const host = address.slice(0, separator).replace(/^\[|\]$/g, "");
  const port = Number(address.slice(separator + 1));
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      const request = https.get(
        {
          host,
          port,
          servername: url.hostname,
          path: `${url.pathname}${url.search}`,
          headers: { host: url.host },
          signal: init?.signal ?? undefined,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: response.statusCode ?? 502 })));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
    });
}
