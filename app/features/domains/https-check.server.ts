import crypto from "node:crypto";

/** Where every instance answers the proof for the name it was reached on (decision 392). */
export const PROOF_PATH = "/.well-known/leadqr-domain-proof";

/**
 * The answer only an instance of this installation can give for a name: an HMAC of the name with
 * the installation's secret. Every instance computes the same one, so it does not matter which of
 * N instances Caddy hands the check to, and nobody else can forge it.
 */
export function domainProofOf(hostname: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`leadqr-domain-proof:${hostname}`).digest("hex");
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
