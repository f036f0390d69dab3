import { describe, expect, it } from "vitest";
import { HELD_MODULE_PRELOAD, scriptsAfterFirstPaint } from "./scripts-after-first-paint.server";

// What React Router's <Scripts> writes, shortened: preloads in the head, the context script, the module script.
const MODULE_TEXT = `import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-a.js";\nwindow.__reactRouterManifest = {"x":"a<b","y":"<!--"};\nimport("/assets/entry.client-b.js");`;
const DOCUMENT = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-b.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/root-a.js" nonce="n0nce"/><style>body{margin:0}</style></head><body><h1>Offer</h1><script nonce="n0nce">window.__reactRouterContext = {};</script><script nonce="n0nce" type="module" async="">${MODULE_TEXT}</script></body></html>`;

describe("scripts after the first paint", () => {
  const rewritten = scriptsAfterFirstPaint(DOCUMENT);

  it("holds every module preload and leaves no module script to fetch before the page paints", () => {
    expect(rewritten).not.toContain('<link rel="modulepreload"');
    expect(rewritten.match(new RegExp(`rel="${HELD_MODULE_PRELOAD}" href="/assets/`, "g"))).toHaveLength(2);
    expect(rewritten).not.toMatch(/<script[^>]*type="module"/);
    expect(rewritten).toContain("<h1>Offer</h1>");
    expect(rewritten).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
  });

  it("replaces the module script by a classic script with the same nonce that carries its text unchanged", () => {
    const loader = /<script nonce="n0nce">(\(function[\s\S]*?)<\/script><\/body>/.exec(rewritten)?.[1];
    expect(loader).toBeDefined();
    // Once carried in a string, the text cannot open a comment or end the script element early.
    expect(loader).not.toMatch(/<\/script|<!--|<b/i);
    const carried = /\}\)\(("(?:[^"\\]|\\.)*"),document\.currentScript\.nonce\)$/.exec(loader!)?.[1];
    expect(JSON.parse(carried!)).toBe(MODULE_TEXT);
    expect(loader).toContain('s.type="module"');
    expect(loader).toContain("first-contentful-paint");
  });

  it("leaves a document without a module script as it is", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html>";
    expect(scriptsAfterFirstPaint(plain)).toBe(plain);
  });
});
