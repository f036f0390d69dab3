// The capture page's fast document path (`answerCapturePage`, as the edge answers it) behind a
// real HTTP server on a free port, with a stand-in for React Router's render: the template only has to carry the token
// and nonce placeholders. Shared by the integration tests that load the page as a browser does.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RenderCapture } from "~/features/capture/capture-document.server";
import { answerCapturePage } from "~/server/http/capture-page";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";

/** Header a test sets to stand for the client's address (the trusted proxy's header is set from it). */
export const TEST_ADDRESS_HEADER = "x-test-address";

/**
 * Starts the server: `/capture/{campaignId}` and `/q/{code}` are served as the app serves them;
 * anything the fast path hands on answers 404 "handed on". Close it with `stop()`.
 */
export async function startCaptureDocumentServer(render: RenderCapture) {
  // The database (migrations) before the first test's clock starts.
  await getServices();
  const server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = String(req.headers[TEST_ADDRESS_HEADER]);
    const shortCode = /^\/q\/([^/?]+)/i.exec(req.url ?? "")?.[1];
    const campaignId = /^\/capture\/([^/?]+)/.exec(req.url ?? "")?.[1] ?? "";
    answerCapturePage(req, res, {
      target: shortCode !== undefined ? { shortCode } : { campaignId },
      nonce: "n".repeat(24),
      render,
      headerBlock: () => [],
      handOn: () => {
        res.statusCode = 404;
        res.end("handed on");
      },
    }).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
