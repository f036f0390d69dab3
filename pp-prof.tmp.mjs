import * as fontkit from "fontkit";
import fs from "node:fs";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
const reg = fontkit.create(fs.readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
const bold = fontkit.create(fs.readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"));
const { modules } = QRCode.create("http://localhost:3000/q/ABCD1234", { errorCorrectionLevel: "M" });
let path = "";
for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) path += `M${c} ${r}h1v1h-1z`;
async function one(mode) {
  const doc = new PDFDocument({ size: [612, 792], margin: 0 });
  const chunks = []; doc.on("data", (c) => chunks.push(c)); const done = new Promise((r) => doc.on("end", r));
  doc.registerFont("regular", reg); doc.registerFont("bold", bold);
  if (mode !== "text") for (let i = 0; i < 10; i++) doc.save().translate(50, 50).scale(10).path(path).fill("#1E40AF").restore();
  if (mode !== "code") for (let i = 0; i < 20; i++) doc.font(i % 2 ? "bold" : "regular").fontSize(20).text("Scan to get 20% off any drink é ü ø ł", 50, 30 * i + 40, { lineBreak: false, baseline: "alphabetic" });
  doc.end(); await done; return Buffer.concat(chunks).length;
}
for (const mode of ["both", "code", "text", "both", "code", "text", "empty"]) {
  const t = performance.now(); let n = 0; for (let i = 0; i < 10; i++) n = await one(mode);
  console.log(mode, ((performance.now() - t) / 10).toFixed(1), "ms", n);
}
