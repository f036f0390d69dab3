// Lint finds real problems and enforces the layering; Prettier owns formatting (no style rules here).
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Layers only point down: routes → features → components/utils → db. */
const routesFromFeatures = {
  group: ["~/routes/*", "**/routes/*"],
  message: "Features must not import routes: move the shared type or function into the feature.",
};
const featuresFromShared = {
  group: ["~/features/*", "**/features/*"],
  message: "Shared components and utils must not import features: move the code into the feature that owns it.",
};

const httpFromDomain = {
  name: "react-router",
  importNames: ["data", "redirect", "redirectDocument", "replace"],
  message: "Feature server modules return typed results; the route turns them into data()/redirect().",
};

const APP = path.resolve(import.meta.dirname, "app");
/**
 * Emails are React rendered to strings on the server, not browser UI: by convention their modules
 * are named `*-email.tsx` or `*-emails.tsx` (docs/features/emails.md).
 */
const isServerRenderedEmail = (file) => /-emails?\.tsx$/.test(file);

/** `.server` modules must not import UI (`.tsx`): resolves `~/` and relative specifiers to files. */
const noUiInServer = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const dir = path.dirname(context.filename);
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : spec.startsWith(".") ? path.resolve(dir, spec) : null;
        if (!base) return;
        const file = base.endsWith(".tsx") ? base : `${base}.tsx`;
        if (isServerRenderedEmail(file) || !fs.existsSync(file)) return;
        context.report({
          node: node.source,
          message: `Server modules must not import UI modules ('${spec}'): move the shared constant or type into a .ts module.`,
        });
      },
    };
  },
};

/** Node's request and response types (`IncomingMessage`, `http.ServerResponse`, …) named in a module. */
const NODE_HTTP_TYPES = new Set(["IncomingMessage", "ServerResponse"]);
const noNodeHttpInFeatures = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const report = (node) =>
      context.report({ node, message: "Features return typed answers; app/server/http writes them to Node's request and response." });
    return {
      "TSTypeReference > Identifier"(node) {
        if (NODE_HTTP_TYPES.has(node.name)) report(node);
      },
      TSQualifiedName(node) {
        if (NODE_HTTP_TYPES.has(node.right.name)) report(node);
      },
      ImportSpecifier(node) {
        if (NODE_HTTP_TYPES.has(node.imported.name)) report(node);
      },
    };
  },
};

/**
 * Every screen and email in app/routes and app/features takes its words from a catalogue
 * (docs/features/visitor-languages.md "The owner's screens"): an English literal in its JSX (text, or
 * a user-visible attribute) fails lint, in every module (none is excused); a disable that no longer
 * disables anything fails lint too.
 */
const SCREENS_AND_EMAILS = ["app/routes/**/*.tsx", "app/features/**/*.tsx"];
const USER_VISIBLE_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "label", "description", "deleteConfirmation"];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      // Control characters are matched on purpose: inputs are stripped of them.
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A labelled region that scrolls sideways must take focus, or keyboards cannot scroll it (axe).
      // Labels whose text sits a few elements deep (a name and its description in spans).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/features/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [routesFromFeatures] }] },
  },
  {
    // The domain takes typed values and returns typed results; routes build the HTTP answer.
    // The `require*` guards throw responses by design: they say so where they do, with a reason.
    files: ["app/features/**/*.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [routesFromFeatures], paths: [httpFromDomain] }] },
  },
  {
    // Features take typed values, not the HTTP request (decision 175). The few modules that read
    // the request by design (the guards, the REST API's router, Stripe's signed body) say so on
    // the line, with a reason.
    files: ["app/features/**/*.ts", "app/features/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference > Identifier[name='Request']",
          message: "Feature functions take typed values (the Headers, the client address, parsed fields), not the Request: the route reads it.",
        },
      ],
    },
  },
  {
    // Features decide answers; the edge (app/server/http) writes them to Node's response
    // (docs/architecture.md "The request flow"). Outbound deliveries read responses of our own requests.
    files: ["app/features/**/*.ts", "app/features/**/*.tsx"],
    plugins: { edge: { rules: { "no-node-http-in-features": noNodeHttpInFeatures } } },
    rules: { "edge/no-node-http-in-features": "error" },
  },
  {
    // The import direction as a whole is dependency-cruiser's (.dependency-cruiser.mjs, decision 230);
    // these two patterns give the editor the same message as you type.
    files: ["app/components/**", "app/utils/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [featuresFromShared] }] },
  },
  {
    files: ["app/**/*.server.ts"],
    plugins: { leadqr: { rules: { "no-ui-in-server": noUiInServer } } },
    rules: { "leadqr/no-ui-in-server": "error" },
  },
  {
    // CLIs, the server entry, benches and test helpers print to the terminal on purpose.
    files: ["scripts/**", "bench/**", "server.mjs", "tests/**", "**/*.test.ts", "**/*.config.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: SCREENS_AND_EMAILS,
    ignores: ["**/*.test.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": ["error", { mode: "jsx-only", "jsx-attributes": { include: USER_VISIBLE_ATTRIBUTES } }],
    },
  },
  {
    // Test stubs and parsers trade type precision and statement style for brevity.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-unused-expressions": "off", "no-empty": "off" },
  },
);
