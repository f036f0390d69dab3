// The edge's pipeline, in the order a request meets it: its target in origin form, its path
// normalised once (every rule and the router read that one); counted; the host rule; `/metrics`;
// the capture page and the lead post before Express; Express for the rest.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServeCapturePage, createCaptureRenderer, createPostedRenderer } from "./capture-page";
import type { Edge } from "./edge";
import { createExpressApp } from "./express-app";
import { takeNormalPath, takeOriginForm } from "./guard";
import { createServeLeadPost } from "./lead-post";
import { countWhenFinished, serveMetrics } from "./metrics";
import { routeByHost } from "./route-by-host";

export function createRequestListener(edge: Edge) {
  const render = createCaptureRenderer(edge);
  const express = createExpressApp(edge);
  const serveCapturePage = createServeCapturePage(edge, render, express);
  const serveLeadPost = createServeLeadPost(edge, createPostedRenderer(edge));
  const serveOnMain = (req: IncomingMessage, res: ServerResponse) => {
    if (serveMetrics(req, res)) return;
    if (serveCapturePage(req, res) || serveLeadPost(req, res)) return;
    express(req, res);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!takeOriginForm(req) || !takeNormalPath(req))
      return void res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("Bad request.");
    countWhenFinished(req, res);
    if (routeByHost(req, res, express, serveOnMain)) return;
    serveOnMain(req, res);
  };
}
