// A page that renders and works without JavaScript (the capture page, "A bare document"; the landing
// page) fetches its scripts only once the browser has painted it: a phone on a slow network spends
// its first second on the words and the logo, not on ~150 KB of hydration code it does not need to
// show them (docs/performance.md, "First paint"). React Router's <Scripts> preloads every module
// from <head> and imports them from an inline module script; here both are held back.
// Rules: docs/features/capture-and-leads.md ("A bare document").

/** The `rel` a held-back module preload carries until the page has painted. */
export const HELD_MODULE_PRELOAD = "x-modulepreload-after-paint";

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The loader that replaces the inline module script: after the first contentful paint and the
 * `load` event (the logo is in), it turns the held preloads back on and runs the module script as
 * React Router wrote it. A browser without paint timing starts at `load`.
 */
function loaderFor(moduleScript: string) {
  // Inside <script>: no "</script" or "<!--" may appear, so every "<" is escaped in the string.
  const text = JSON.stringify(moduleScript).replace(/</g, "\\u003c");
  return `(function(t,n){var painted=0,loaded=0,started=0;function start(){if(started||!painted||!loaded)return;started=1;setTimeout(function(){document.querySelectorAll('link[rel="${HELD_MODULE_PRELOAD}"]').forEach(function(l){l.rel="modulepreload"});var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=t;document.head.appendChild(s)},0)}function paint(){painted=1;start()}try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)paint()}).observe({type:"paint",buffered:true})}catch(e){painted=1}if(document.readyState==="complete")loaded=1;else addEventListener("load",function(){loaded=1;start()});start()})(${text},document.currentScript.nonce)`;
}

/** The document with its module preloads held and its module script started after the first paint. */
export function scriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, attributes, moduleScript] = script;
  const withLoader = html.replace(whole, () => `<script${attributes}>${loaderFor(moduleScript)}</script>`);
  return withLoader.replace(MODULE_PRELOAD, `<link rel="${HELD_MODULE_PRELOAD}"`);
}
