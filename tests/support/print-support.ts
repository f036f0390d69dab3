// The print kit's PDF route called in-process; reading the PDF back lives in tests/support/pdf.ts.
import * as printPdfRoute from "~/routes/campaign-print-pdf";
import { callRoute, makeRequest } from "./http";

export { crop, decodeCode, pdfFontsAndImages, pdfPageCount, pdfText, RENDER_DPI, renderFirstPage } from "./pdf";

export function printPdf(cookie: string, campaignId: string, query: Record<string, string> = {}) {
  return callRoute(printPdfRoute.loader, makeRequest(`/campaigns/${campaignId}/print.pdf?${new URLSearchParams(query)}`, { cookie }), {
    campaignId,
  }).then((answer) => answer.response!);
}
