// Import direction between the layers of app/ (docs/architecture.md, decision 230). `npm run lint`
// runs it; tests/architecture/features-import-in-one-direction.test.ts proves that a wrong-way import fails.

/**
 * Feature folders in tiers, lowest first. A feature imports only features of a lower tier: never
 * a sibling of its own tier, never one above. A new folder under app/features/ must be given a tier.
 */
export const FEATURE_TIERS = [
  // The words every other feature speaks in: emails among them.
  { tier: "words", features: ["languages"] },
  { tier: "transport", features: ["email", "uploads"] },
  { tier: "plans", features: ["billing"] },
  { tier: "identity and delivery", features: ["auth", "domains", "integrations"] },
  // Alerts are told of leads, redemptions and limits by the rules above them (a redemption queues its alert).
  { tier: "alerts", features: ["alerts"] },
  { tier: "rules", features: ["consent", "redeem", "team"] },
  { tier: "scans", features: ["scans"] },
  { tier: "campaigns", features: ["campaigns"] },
  { tier: "placements", features: ["placements"] },
  { tier: "flows", features: ["account", "ai", "analytics", "capture", "leads"] },
  { tier: "views", features: ["admin", "dashboard", "qr", "summary", "sync"] },
  { tier: "surfaces", features: ["api", "blog", "print"] },
];

const ALL_FEATURES = FEATURE_TIERS.flatMap(({ features }) => features);
const NOT_A_TEST = "\\.test\\.tsx?$";
const anyOf = (names) => `(${names.join("|")})`;

/** One rule per feature: it may not reach its own tier's siblings or any tier above. */
const featureRules = FEATURE_TIERS.flatMap((_tier, index) => {
  const sameOrHigher = FEATURE_TIERS.slice(index).flatMap(({ features }) => features);
  return FEATURE_TIERS[index].features.map((feature) => ({
    name: "feature-layers",
    // One comment for every rule of this name: the cruiser prints the first one's for each of them.
    comment:
      "A feature may import only features of a lower tier (FEATURE_TIERS, .dependency-cruiser.mjs). " +
      "Move the shared rule or type down, the composing flow up, or pass a callback in (docs/architecture.md).",
    severity: "error",
    from: { path: `^app/features/${feature}/`, pathNot: NOT_A_TEST },
    to: { path: `^app/features/${anyOf(sameOrHigher.filter((other) => other !== feature))}/` },
  }));
});

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    ...featureRules,
    {
      name: "feature-has-a-tier",
      comment: "Every folder under app/features/ has a tier in FEATURE_TIERS (.dependency-cruiser.mjs) and a line in docs/architecture.md.",
      severity: "error",
      from: { path: `^app/features/(?!${anyOf(ALL_FEATURES)}/)[^/]+/`, pathNot: NOT_A_TEST },
      to: {},
    },
    {
      name: "shared-below-features",
      comment: "db, utils and components sit below every feature: move the code into the feature that owns it, or pass it in.",
      severity: "error",
      from: { path: "^app/(db|utils|components)/", pathNot: NOT_A_TEST },
      to: { path: "^app/(features|routes|server)/" },
    },
    {
      name: "composition-root-on-top",
      comment: "app/server/ (the composition root) starts and wires features; nothing below it imports it.",
      severity: "error",
      from: { path: "^app/(db|utils|components|features)/", pathNot: NOT_A_TEST },
      to: { path: "^app/server/" },
    },
    {
      name: "features-below-routes",
      comment: "Features must not import routes: move the shared type or function into the feature.",
      severity: "error",
      from: { path: "^app/features/", pathNot: NOT_A_TEST },
      to: { path: "^app/routes/" },
    },
    {
      name: "routes-through-features",
      comment: "Routes reach data through the feature that owns it, not through the database schema.",
      severity: "error",
      from: { path: "^app/routes/", pathNot: NOT_A_TEST },
      to: { path: "^app/db/schema" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: NOT_A_TEST },
    // Type-only imports are arrows too: a type shared upward ties the folders as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
