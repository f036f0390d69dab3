import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's behaviours, each decided rather than left to a warning at every build (decision 347).
  future: {
    // The load context is the edge's plain object (the CSP nonce, app/server/http/); middleware would make it a RouterContextProvider.
    v8_middleware: false,
    // Loaders and actions read request.url (redirect targets, query strings); v8 hands them the raw `.data` URL.
    v8_passThroughRequests: false,
    // The edge's guard recognises upload posts by their `.data` path (app/server/http/guard.ts).
    v8_trailingSlashAwareDataRequests: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
