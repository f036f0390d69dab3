// node --expose-gc bench/print.bench.mjs — print-ready PDFs per second for each print format (issue 28).
// Calls the print kit's pure generator directly (no database, no HTTP): the plan (planSheet with the
// embedded fonts' metrics) and the PDF (renderPlanPdf, PDFKit), as createPrintPdf does after its
// queries. Realistic input: a business name and offer with é ü ø ł, a logo, a new short link each
// PDF (so the code's modules change). The baseline, same run and same code's QR: PNG renders
// (renderQrPng, sharp) at print size, the poster's 11 cm code at 300 dpi, a new link each render so
// its cache never answers. Figures are printed, not asserted. Knob: BENCH_SECONDS per format (3).
import { performance } from "node:perf_hooks";
import os from "node:os";
import { tsImport } from "tsx/esm/api";

process.env.NODE_ENV ??= "production";
process.env.LOG_LEVEL ??= "warn";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PRINT_PNG_PIXELS = Math.round((11 / 2.54) * 300);

const load = (file) => tsImport(new URL(`../app/features/${file}`, import.meta.url).href, import.meta.url);
const { planSheet } = await load("print/print-layout.ts");
const { printFontMetrics } = await load("print/print-fonts.server.ts");
const { prepareLogo, renderPlanPdf } = await load("print/print-pdf.server.ts");
const { FORMAT_SPECS, PAPER_LABEL, typedLink } = await load("print/print.ts");
const { qrModules, renderQrPng } = await load("qr/qr.server.ts");
const { default: sharp } = await import("sharp");

const rssStart = process.memoryUsage().rss;
const maxRssKb = () => process.resourceUsage().maxRSS;
const maxRssStart = maxRssKb();

// A 600 px logo with a transparent corner, prepared once as the route prepares a stored logo.
const logoBytes = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
  .composite([{ input: Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="220" fill="#FFD700"/></svg>'), top: 0, left: 0 }])
  .png()
  .toBuffer();
const logo = await prepareLogo({ bytes: logoBytes, contentType: "image/png" }, "#FFFFFF");
const fonts = printFontMetrics();
let serial = 0;
const nextUrl = () => `https://leadqr.app/Q/b${(serial++).toString(36).padStart(6, "0")}`;
const content = (url) => ({
  businessName: "Café Müller & Søn · Łódź",
  offer: "20% off any drink — crème brûlée latte included",
  condition: "On orders over $10, until the end of the month",
  link: typedLink(url),
  label: "Spring flyers · Front window",
  hasLogo: logo !== null,
});

function pdfOnce(format, paper) {
  const url = nextUrl();
  const plan = planSheet({
    format,
    paper,
    content: content(url),
    matrix: qrModules(url),
    codeColor: "#1E40AF",
    backgroundColor: "#FFFFFF",
    fonts,
  });
  return renderPlanPdf(plan, { title: `Spring flyers (${FORMAT_SPECS[format].label})`, logo });
}

/** Runs `fn` one at a time for SECONDS (after a short warm-up): per second, p50/p95 ms, mean bytes. */
async function measure(fn) {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) await fn();
  globalThis.gc?.();
  const samples = [];
  let bytes = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  while (performance.now() < until) {
    const at = performance.now();
    const output = await fn();
    samples.push(performance.now() - at);
    bytes += output.length;
  }
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const pick = (q) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)];
  return { perSecond: samples.length / elapsed, p50: pick(0.5), p95: pick(0.95), bytes: bytes / samples.length, n: samples.length };
}

const row = (label, r, ratio) =>
  `${label.padEnd(26)} ${r.perSecond.toFixed(1).padStart(7)} /s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
    .toFixed(1)
    .padStart(6)} ms   ${(r.bytes / 1024).toFixed(1).padStart(7)} KiB   ${ratio}   (n=${r.n})`;

console.log(
  `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? "cpu"}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}, Node ${process.version}; ${SECONDS} s per figure, one at a time, logo ${logo ? "on" : "unreadable"}\n`,
);

const baseline = await measure(() => renderQrPng(nextUrl(), { bytes: logoBytes, contentType: "image/png" }, PRINT_PNG_PIXELS));
console.log(row(`baseline: QR PNG ${PRINT_PNG_PIXELS} px`, baseline, "1.00× baseline"));

const cases = [
  ["poster", "letter"],
  ["poster", "a4"],
  ["flyer", "letter"],
  ["tent", "letter"],
  ["sticker", "letter"],
];
for (const [format, paper] of cases) {
  const result = await measure(() => pdfOnce(format, paper));
  console.log(
    row(`PDF ${FORMAT_SPECS[format].label} ${PAPER_LABEL[paper]}`, result, `${(result.perSecond / baseline.perSecond).toFixed(2)}× baseline`),
  );
}

console.log(
  `\npeak RSS growth: ${((maxRssKb() - maxRssStart) / 1024).toFixed(1)} MiB (peak ${(maxRssKb() / 1024).toFixed(1)} MiB, ${(rssStart / 1048576).toFixed(1)} MiB after loading); load average at the end ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
