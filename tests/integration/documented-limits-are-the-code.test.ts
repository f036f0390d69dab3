// The rate limits an operator reads in docs/operations.md are the ones the code applies
// (issue 25 finding 5: the documented per-token lead-post limit said 10 while the code said 50).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/utils/rate-limit.server";

const operations = fs.readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");

function windowText(seconds: number) {
  return seconds === 3600 ? "hour" : `${seconds / 60} min`;
}

/** Documented row label → the budgets it states, in the order it states them. */
const ROWS: Array<[string, Array<keyof typeof RATE_LIMITS>]> = [
  ["| sign-in |", ["signInByAddress", "signInByAccount"]],
  ["| sign-up |", ["signUpByAddress"]],
  ["| lead posts without a valid, unused scan token |", ["leadByAddress"]],
  ["| lead posts with a valid scan token, after the token's first lead (and its posts that store nothing) |", ["leadByToken"]],
  ["| lead posts with a crowd token (a load past its network's burst allowance, decision 460) |", ["leadByCrowdNetwork"]],
  ["| logo uploads |", ["uploadByUser"]],
  ["| QR code downloads (PNG and SVG) |", ["qrByUser"]],
  ["| print PDFs |", ["printByUser"]],
  ["| short links (`/q/{code}`) that do not exist |", ["shortLinkMissByAddress"]],
  ["| AI copy |", ["aiCopyByUser"]],
  ["| checkout |", ["checkoutByUser"]],
  ["| profile changes |", ["profileByUser"]],
  ["| offer codes at the counter that do not exist |", ["redeemMissByActor", "redeemMissByOwnerAddress"]],
  ["| lead sync's Connect (the OAuth start) |", ["syncConnectByUser"]],
  ["| Verify on Settings → Your domain |", ["domainVerifyByUser"]],
  ["| Send a code, Send a test and Link Telegram on Settings → Notifications |", ["alertSendByUser"]],
];

describe("docs/operations.md states the rate limits the code applies", () => {
  it.each(ROWS)("%s", (label, budgets) => {
    const row = operations.split("\n").find((line) => line.startsWith(label));
    expect(row, `a row starting ${label}`).toBeDefined();
    const stated = [...row!.matchAll(/(\d[\d,]*) \/ (\d+ min|hour)/g)].map((match) => `${match[1]} / ${match[2]}`);
    expect(stated).toEqual(budgets.map((name) => `${RATE_LIMITS[name].points} / ${windowText(RATE_LIMITS[name].duration)}`));
  });
});
