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
 * The owner's screens already on the owner catalogue (decision 457): an English literal in their JSX
 * (text, or a user-visible attribute) fails lint; the words go in app/features/languages/owner/en.ts.
 * Add a screen here once it is converted.
 */
const OWNER_SCREENS_ON_THE_CATALOGUE = [
  "app/features/auth/site-header.tsx",
  "app/routes/dashboard.tsx",
  "app/features/dashboard/*.tsx",
  "app/routes/leads.tsx",
  "app/routes/lead-detail.tsx",
  "app/routes/campaigns.tsx",
  "app/features/campaigns/campaign-card.tsx",
  "app/routes/settings.tsx",
  "app/features/account/sessions-section.tsx",
  "app/features/consent/identity-settings.tsx",
  "app/features/summary/summary-settings.tsx",
  "app/features/campaigns/scan-limit-banner.tsx",
  "app/features/campaigns/campaign-limit-banner.tsx",
  "app/features/sync/sync-broken-banner.tsx",
  "app/routes/campaign-detail.tsx",
  "app/features/campaigns/campaign-live.tsx",
  "app/routes/campaign-print.tsx",
  "app/routes/campaign-languages.tsx",
  "app/features/campaigns/campaign-wizard.tsx",
  "app/features/campaigns/campaign-wizard-steps.tsx",
  "app/features/campaigns/campaign-wizard-languages.tsx",
  "app/features/campaigns/campaign-wizard-fields.tsx",
  "app/routes/settings.integrations.tsx",
  "app/routes/settings.notifications.tsx",
  "app/features/alerts/notifications-ui.tsx",
  "app/routes/settings.integrations.webhook.tsx",
  "app/routes/settings.integrations.sync.tsx",
  "app/routes/settings.integrations.sync-callback.tsx",
  "app/features/sync/sync-ui.tsx",
  "app/routes/settings.domains.tsx",
  "app/features/domains/domains-ui.tsx",
  "app/routes/redeem.tsx",
  "app/routes/redeem.staff.tsx",
  "app/features/redeem/code-scanner.tsx",
  "app/features/billing/payment-success.tsx",
];
const USER_VISIBLE_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "label", "description", "deleteConfirmation"];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
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
    files: OWNER_SCREENS_ON_THE_CATALOGUE,
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
