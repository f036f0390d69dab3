// The capture page's frame: its own small stylesheet, so the first response alone renders the
// offer and the form (no app-wide CSS, no client fetches; docs/features/capture-and-leads.md), and
// the owner's design as CSS variables.
import type { CSSProperties, ReactNode } from "react";
import { useNonce } from "~/utils/nonce";
import type { PageDesign } from "./capture";

const CSS = `body{margin:0}
.cq{--sans:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px 16px;box-sizing:border-box;background:linear-gradient(135deg,var(--p),var(--s));font-family:var(--font);color:#111827;line-height:1.5}
.cq *{box-sizing:border-box}
.cq-modern{--font:var(--sans);--w:700}.cq-classic{--font:Georgia,"Times New Roman",serif;--w:700}.cq-bold{--font:var(--sans);--w:900}
.cq-main{width:100%;max-width:28rem}
.cq-card{background:#fff;border-radius:16px;padding:32px 24px;box-shadow:0 20px 40px rgba(0,0,0,.18);text-align:center}
.cq h1,.cq h2{font-weight:var(--w);line-height:1.2;margin:0 0 12px}
.cq h1,.cq .cq-h1{font-size:1.75rem;color:var(--p)}
.cq .cq-h1{font-weight:var(--w);line-height:1.2;margin:0 0 12px}
.cq p{margin:0 0 16px;color:#374151}
.cq-logo{display:block;max-height:64px;max-width:160px;margin:0 auto 16px;object-fit:contain}
.cq form{text-align:start;margin-top:8px}
.cq label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px;color:#111827}
.cq input{display:block;width:100%;font:inherit;font-size:1rem;padding:12px;border:1px solid #D1D5DB;border-radius:8px;background:#fff;color:#111827}
.cq input:focus{outline:3px solid var(--s);outline-offset:1px;border-color:var(--p)}
.cq input[aria-invalid=true]{border-color:#DC2626}
.cq-err{color:#B91C1C;font-size:.875rem;margin:4px 0 0}
.cq-alert{background:#FEF2F2;border:1px solid #FECACA;color:#991B1B;border-radius:8px;padding:12px;margin:0 0 12px;font-size:.9rem}
.cq-btn{display:block;width:100%;margin-top:20px;padding:14px 16px;border:0;border-radius:var(--r);background:var(--p);color:var(--t);font:inherit;font-size:1.05rem;font-weight:var(--w);cursor:pointer;text-align:center;text-decoration:none;transition:background .15s}
.cq-btn:hover,.cq-btn:focus-visible{background:var(--h)}
.cq-btn:focus-visible{outline:3px solid #111827;outline-offset:2px}
.cq-btn[disabled]{opacity:.7;cursor:progress}
.cq-note{font-size:.75rem;color:#6B7280;margin:16px 0 0;text-align:center}
.cq-hp{position:absolute;inset-inline-start:-10000px;width:1px;height:1px;overflow:hidden}
.cq-box{background:#F3F4F6;border-radius:8px;padding:12px;font-size:.875rem;color:#4B5563;margin:0}
.cq ul{text-align:start;margin:0 0 20px;padding-inline-start:20px;color:#374151}
.cq-count{font-size:1.5rem;font-weight:800;color:#111827}
.cq-split .cq-main{max-width:60rem;display:grid;gap:24px;align-items:center}
.cq-split .cq-side{color:var(--t);text-align:center}
.cq-split .cq-side h1,.cq-split .cq-side .cq-h1{color:var(--t);font-size:2rem}.cq-split .cq-side p{color:var(--t);opacity:.92;font-size:1.1rem}
@media (min-width:768px){.cq-split .cq-main{grid-template-columns:1fr 1fr}.cq-split .cq-side{text-align:start}.cq-split .cq-side .cq-logo{margin-inline-start:0}}
.cq-minimal{background:#fff;border-top:8px solid var(--p);border-image:linear-gradient(90deg,var(--p),var(--s)) 1}
.cq-minimal .cq-card{box-shadow:none;padding:8px 0}
.cq-biz{font-size:.8rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#6B7280;margin:0 0 8px}
.cq-split .cq-side .cq-biz{color:var(--t)}
.cq-offer{display:inline-block;background:#F3F4F6;color:#111827;border-radius:9999px;padding:6px 14px;font-weight:600;font-size:.95rem}
.cq .cq-check{display:flex;gap:10px;align-items:flex-start;margin-top:16px}
.cq .cq-check input{width:20px;height:20px;flex:none;margin:2px 0 0;padding:0}
.cq .cq-check label{margin:0;font-weight:400}
.cq-note a{color:inherit}
.cq-lang{display:flex;justify-content:flex-end;margin:-20px -12px 4px;font-size:.875rem;text-align:start}
.cq-lang details{position:relative}
.cq-lang summary{display:flex;align-items:center;gap:6px;min-height:44px;padding:0 10px;border-radius:8px;color:#374151;cursor:pointer;list-style:none}
.cq-lang summary::-webkit-details-marker{display:none}
.cq-lang summary:hover{background:#F3F4F6}.cq-lang summary:focus-visible,.cq-lang a:focus-visible{outline:3px solid #111827;outline-offset:1px}
.cq .cq-lang ul{position:absolute;inset-inline-end:0;z-index:1;min-width:11rem;margin:0;padding:6px;list-style:none;background:#fff;border:1px solid #D1D5DB;border-radius:8px;box-shadow:0 10px 24px rgba(0,0,0,.16)}
.cq-lang a{display:block;padding:10px 12px;border-radius:6px;color:#111827;text-decoration:none}
.cq-lang a:hover{background:#F3F4F6}.cq-lang [aria-current]{font-weight:700}
.cq-preview{min-height:0;padding:16px;border-radius:0 0 16px 16px}
.cq-preview.cq-split .cq-main{grid-template-columns:1fr}.cq-preview.cq-split .cq-side{text-align:center}
.cq-preview .cq-card{padding:20px 16px}
@media (max-width:480px){.cq{padding:12px}.cq-card{padding:20px 16px}.cq h1,.cq .cq-h1{font-size:1.5rem}.cq p{margin-bottom:12px}.cq label{margin:8px 0 2px}.cq input{padding:10px 12px}.cq .cq-check{margin-top:12px}.cq-btn{margin-top:16px}.cq-note{margin-top:10px}}`;

const RADIUS = { square: "0", pill: "9999px", rounded: "8px" } as const;

/** The page frame: design variables (validated #RRGGBB values only) and the stylesheet. */
export function CaptureFrame({ design, children, preview = false }: { design: PageDesign; children: ReactNode; preview?: boolean }) {
  const nonce = useNonce();
  const variables = {
    "--p": design.primary,
    "--s": design.secondary,
    "--t": design.text,
    "--h": design.hover,
    "--r": RADIUS[design.buttonStyle],
  } as CSSProperties;
  return (
    <div className={`cq cq-${design.fontStyle} cq-${design.layout}${preview ? " cq-preview" : ""}`} style={variables}>
      <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: CSS }} />
      {children}
    </div>
  );
}
