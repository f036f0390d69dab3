// @vitest-environment happy-dom
// The analytics say how far back scan details reach (docs/features/counting.md, "Partitions and retention").
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { scansKeptSince } from "~/features/scans/partition-job.server";
import { ScanDetailReach } from "./scan-reach";

afterEach(cleanup);

it("names the oldest month kept, 13 months before the current one by default", () => {
  const since = scansKeptSince(13, new Date("2026-11-28T10:00:00Z"));
  expect(since).toBe("2025-10-01");
  render(<ScanDetailReach since={since} />);
  expect(screen.getByTestId("scan-detail-reach").textContent).toBe("Scan details reach back to October 2025; older scans still count in the totals.");
});
