// The import-direction rules of .dependency-cruiser.mjs, run as `npm run lint` runs them, on a small
// app/ written into a temporary folder: wrong-way imports fail and name their rule, right-way ones pass.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURE_TIERS } from "../../.dependency-cruiser.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CRUISER = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const CONFIG = path.join(ROOT, ".dependency-cruiser.mjs");

/** The fixture: each file and what it imports, through the `~/` alias as the app does. */
const FIXTURE: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { moduleResolution: "bundler", module: "ES2022", paths: { "~/*": ["./app/*"] } } }),
  "app/db/schema/campaigns.ts": "export const campaign = { name: 'campaign' };\n",
  "app/utils/text.ts": "export const trim = (value: string) => value.trim();\n",
  "app/features/email/outbox.server.ts": "export function enqueueEmail(to: string) {\n  return to;\n}\n",
  // Right way: campaigns (tier 5) sends email (tier 1).
  "app/features/campaigns/campaigns.ts":
    'import { enqueueEmail } from "~/features/email/outbox.server";\nexport const announce = () => enqueueEmail("owner@example.com");\n',
  // Wrong way: email (tier 1) reaches up into campaigns, the arrow this rule exists for.
  "app/features/email/templates.tsx": 'import type { announce } from "~/features/campaigns/campaigns";\nexport type Announce = typeof announce;\n',
  // Wrong way: two siblings of one tier.
  "app/features/consent/consent.ts": 'import { redeemCode } from "~/features/redeem/redeem";\nexport const withCode = () => redeemCode();\n',
  "app/features/redeem/redeem.ts": "export const redeemCode = () => 'LQ-1';\n",
  // Wrong way: a shared helper importing a feature.
  "app/utils/services.server.ts": 'import { announce } from "~/features/campaigns/campaigns";\nexport const services = { announce };\n',
  // Wrong way: a route reading the schema of data a feature owns.
  "app/routes/campaigns.tsx":
    'import { campaign } from "~/db/schema/campaigns";\nimport { announce } from "~/features/campaigns/campaigns";\nexport default () => [campaign, announce];\n',
  // Wrong way: a feature folder that has no tier.
  "app/features/newsletter/newsletter.ts": 'import { trim } from "~/utils/text";\nexport const subject = trim(" News ");\n',
  // A test beside a feature may reach anywhere (tests are not part of the graph).
  "app/features/email/templates.test.ts": 'import { announce } from "~/features/campaigns/campaigns";\nexport const used = announce;\n',
};

type Violation = { rule: { name: string }; from: string; to: string };

let dir: string;

async function cruise(outputType: "json" | "err-long") {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CRUISER, "app", "--config", CONFIG, "--output-type", outputType], { cwd: dir });
    return { exitCode: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { exitCode: failed.code, stdout: failed.stdout };
  }
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-import-direction-"));
  for (const [file, text] of Object.entries(FIXTURE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("import direction (npm run lint)", () => {
  it("refuses each wrong-way import with the rule's name, and only those", async () => {
    const { stdout } = await cruise("json");
    const violations = (JSON.parse(stdout).summary.violations as Violation[]).map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();

    expect(violations).toEqual([
      "feature-has-a-tier: app/features/newsletter/newsletter.ts → app/utils/text.ts",
      "feature-layers: app/features/consent/consent.ts → app/features/redeem/redeem.ts",
      "feature-layers: app/features/email/templates.tsx → app/features/campaigns/campaigns.ts",
      "routes-through-features: app/routes/campaigns.tsx → app/db/schema/campaigns.ts",
      "shared-below-features: app/utils/services.server.ts → app/features/campaigns/campaigns.ts",
    ]);
  });

  it("prints a message that names the rule and says what to do", async () => {
    const { exitCode, stdout } = await cruise("err-long");
    // The lint step fails: the cruiser exits with the number of errors.
    expect(exitCode).toBe(5);
    expect(stdout).toContain("error feature-layers: app/features/email/templates.tsx → app/features/campaigns/campaigns.ts");
    expect(stdout.replace(/\s+/g, " ")).toContain("A feature may import only features of a lower tier (FEATURE_TIERS, .dependency-cruiser.mjs).");
  });

  it("docs/architecture.md lists each feature in the tier the rule gives it", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const rows = [...doc.matchAll(/^\| (\d+)\. ([^|]+) \| `([a-z-]+)` \|/gm)].map(
      ([, number, tier, feature]) => `${number}. ${tier.trim()}: ${feature}`,
    );
    const tiers = FEATURE_TIERS.flatMap(({ tier, features }, index) => features.map((feature) => `${index + 1}. ${tier}: ${feature}`));
    expect(rows.sort()).toEqual(tiers.sort());
  });

  it("gives every feature folder of the app exactly one tier", () => {
    const tiered = FEATURE_TIERS.flatMap(({ features }) => features).sort();
    const folders = fs.readdirSync(path.join(ROOT, "app/features"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(tiered).toEqual(folders.map((entry) => entry.name).sort());
  });
});
