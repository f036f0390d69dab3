// Caddy in front of the journeys' server, as deploy/Caddyfile runs it (decision 430): the same file,
// with the values it reads from the environment pointed at this server, and test-only global options
// first (a local CA instead of Let's Encrypt, nothing installed in the system's trust store, no admin
// endpoint, loopback and the ports given only). Starts only where Debian's `caddy` is installed; a journey that
// needs it skips with a message otherwise. The app gets the local root CA (NODE_EXTRA_CA_CERTS) and
// reaches https://{domain} through Caddy's port (HTTPS_CHECK_ADDRESS) for its "HTTPS live" check.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where the journey reads Caddy's port and root certificate for the server on app port `port`. */
export const tlsProxyFileOf = (port) => path.join(os.tmpdir(), `leadqr-e2e-caddy-${port}.json`);

export const caddyInstalled = () => spawnSync("caddy", ["version"], { stdio: "ignore" }).status === 0;

/** deploy/Caddyfile with the test's global options first in its global block. */
export function testCaddyfile({ httpPort, httpsPort }) {
  const shipped = fs.readFileSync(path.resolve("deploy/Caddyfile"), "utf8");
  const globals = ["admin off", "local_certs", "skip_install_trust", "default_bind 127.0.0.1", `http_port ${httpPort}`, `https_port ${httpsPort}`];
  if (!/^\{$/m.test(shipped)) throw new Error("deploy/Caddyfile has no global options block");
  return shipped.replace(/^\{$/m, `{\n${globals.map((line) => `\t${line}`).join("\n")}`);
}

async function waitForFile(file, ms) {
  const until = Date.now() + ms;
  while (!fs.existsSync(file)) {
    if (Date.now() > until) throw new Error(`Caddy did not create ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function start() {
  const appPort = Number(process.env.PORT ?? 3000);
  const file = tlsProxyFileOf(appPort);
  fs.rmSync(file, { force: true });
  if (!caddyInstalled()) return {};
  const httpsPort = Number(process.env.CADDY_HTTPS_PORT ?? appPort + 44);
  const httpPort = Number(process.env.CADDY_HTTP_PORT ?? appPort + 45);
  // One folder per app port, emptied at start: a run whose server was killed leaves at most this one.
  const dir = path.join(os.tmpdir(), `leadqr-e2e-caddy-${appPort}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  const storage = path.join(dir, "storage");
  const caddyfile = path.join(dir, "Caddyfile");
  fs.writeFileSync(caddyfile, testCaddyfile({ httpPort, httpsPort }));
  const caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", caddyfile], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
      APP_HOST: "localhost",
      CADDY_STORAGE: storage,
      ASK_URL: `http://127.0.0.1:${appPort}/tls/ask`,
      UPSTREAMS: `127.0.0.1:${appPort}`,
    },
    stdio: ["ignore", "ignore", process.env.CADDY_LOG ? "inherit" : "ignore"],
  });
  // At exit nothing can be awaited: SIGKILL leaves Caddy no moment to write into the folder being removed.
  const stop = () => {
    caddy.kill("SIGKILL");
    fs.rmSync(file, { force: true });
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A folder in the system's temporary directory; the next clean-up of it takes the rest.
    }
  };
  process.on("exit", stop);
  // The local CA is created when Caddy starts (it issues the certificate of APP_HOST at once).
  const rootCa = path.join(storage, "pki", "authorities", "local", "root.crt");
  await waitForFile(rootCa, 20_000);
  fs.writeFileSync(
    file,
    JSON.stringify({ httpsPort, rootCa, intermediateCa: path.join(storage, "pki", "authorities", "local", "intermediate.crt") }),
  );
  return { NODE_EXTRA_CA_CERTS: rootCa, HTTPS_CHECK_ADDRESS: `127.0.0.1:${httpsPort}` };
}
