// The first `npm start` builds; the build must not greet a new owner with warnings about our own
// configuration (decision 347): React Router's undecided v8 flags, and Vite 8's deprecated
// `envFile` that @react-router/dev 7 passes until its patch is applied.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Resolving the Vite config runs React Router's plugin as `react-router dev` does: it loads
// react-router.config.ts (and warns about undecided flags) and starts its child compiler.
const RESOLVE = `
import { resolveConfig } from "vite";
await resolveConfig({ configFile: "vite.config.ts", mode: "production", logLevel: "info" }, "serve");
process.exit(0);
`;

describe("the framework's configuration", () => {
  it("resolves without a deprecation or future-flag warning", { timeout: 120_000 }, () => {
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", RESOLVE], { encoding: "utf8", timeout: 110_000 });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output).not.toMatch(/deprecated|Future Flag Warning/i);
  });
});
