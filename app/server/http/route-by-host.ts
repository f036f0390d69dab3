// Where the Host of a request decides what it may reach, before any path answers it: the place
// for a rule such as "a customer's own domain reaches only capture pages, short links, lead posts
// and consent pages". Today every host reaches everything.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Edge } from "./edge";

/** @returns whether the host rule answered the request itself (a refusal or a redirect). */
export function routeByHost(_edge: Edge, _req: IncomingMessage, _res: ServerResponse): boolean {
  return false;
}
