// A real HTTP receiver for webhook tests, and a visitor who leaves a lead through the capture route.
import http from "node:http";
import type net from "node:net";
import * as route from "~/routes/capture";
import { callRoute, makeRequest } from "./http";
import { phoneUserAgent } from "./row-factories";

export type ReceivedHook = { headers: http.IncomingHttpHeaders; body: string; path: string };
export type Behaviour = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export const answer = (status: number, body = "") =>
  ((_request, response) => response.writeHead(status, { "content-type": "text/plain" }).end(body)) as Behaviour;

/** Listens on 127.0.0.1; `behave` decides each answer (200 "ok" by default). */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  let behave: Behaviour = answer(200, "ok");
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), path: request.url ?? "/" });
      behave(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: (path = "/hooks") => `http://127.0.0.1:${port}${path}`,
    received,
    behave(next: Behaviour) {
      behave = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let address = 0;

/** A visitor scans the code and submits the form, as the capture route sees it. */
export async function visitorSubmits(campaignId: string, fields: Record<string, string>) {
  const page = await callRoute(route.loader, makeRequest(`/capture/${campaignId}`, { method: "GET", headers: { "user-agent": phoneUserAgent() } }), {
    campaignId,
  });
  const scanToken = page.data.scanToken as string;
  const request = makeRequest(`/capture/${campaignId}`, {
    form: { ...fields, scanToken },
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": `198.18.1.${++address}` },
  });
  return (await callRoute(route.action, request, { campaignId })).data;
}
