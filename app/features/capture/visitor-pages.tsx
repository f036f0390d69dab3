// The visitor's own small pages (privacy notice, confirm, withdraw): bare documents in the
// capture page's frame, so they render from the first response like the capture page.
import type { ReactNode } from "react";
import { DEFAULT_PAGE_DESIGN } from "./capture";
import { CaptureFrame } from "./capture-frame";

export function VisitorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CaptureFrame design={DEFAULT_PAGE_DESIGN}>
      <main className="cq-main">
        <div className="cq-card" style={{ textAlign: "left" }}>
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </CaptureFrame>
  );
}
