// Rules: docs/features/capture-and-leads.md ("A bare document").
import { useNonce } from "~/utils/nonce";
import type { ClaimView } from "./claim.server";

/** Inline styles: the capture page ships no app stylesheet. */
export const CLAIM_CSS = `.rd-claim{margin:20px 0 0;padding:16px;border:2px dashed #D1D5DB;border-radius:12px;background:#F9FAFB}
.rd-claim-lead{font-weight:700;margin:0 0 8px;color:#111827}
.rd-code{font:700 2rem/1.2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.08em;color:#111827;margin:0 0 12px;word-break:break-all}
.rd-qr{width:180px;height:180px;margin:0 auto 12px}.rd-qr svg{width:100%;height:100%;display:block}
.rd-valid{font-size:.875rem;color:#4B5563;margin:0}`;

/** The claimed code under the thank-you: large, with its QR, for the counter (its words in the page's language). */
export function ClaimCard({ claim, lead, qrLabel }: { claim: ClaimView; lead: string; qrLabel: string }) {
  const nonce = useNonce();
  return (
    <section className="rd-claim" aria-labelledby="rd-claim-title">
      <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: CLAIM_CSS }} />
      <p className="rd-claim-lead" id="rd-claim-title">
        {lead}
      </p>
      <p className="rd-code" data-testid="offer-code">
        {claim.code}
      </p>
      <div className="rd-qr" role="img" aria-label={qrLabel} dangerouslySetInnerHTML={{ __html: claim.qrSvg }} />
      <p className="rd-valid">{claim.validity}</p>
    </section>
  );
}
