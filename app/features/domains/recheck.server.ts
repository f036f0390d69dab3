// The custom-domain re-check: every minute each process claims the domains that
// are due (pending ones every 5 minutes for 72 hours, verified ones daily) and checks them.
// Rules: docs/features/domains.md ("Verified by TXT and CNAME").
import { logger } from "~/utils/logger.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { runDueDomainChecks } from "./domains.server";

const TICK_MS = 60_000;

type Registry = { timer?: NodeJS.Timeout; running?: boolean };
const registry: Registry = ((globalThis as { __leadqrDomainChecks?: Registry }).__leadqrDomainChecks ??= {});

export async function startDomainChecks() {
  if (registry.timer) return;
  const { db, env, secret } = await getServices();
  const tick = () => {
    if (registry.running) return;
    registry.running = true;
    runDueDomainChecks(db, env, { secret })
      .then((checked) => {
        if (checked > 0) logger.info({ job: "custom_domain_checks", checked }, "custom domains checked");
      })
      .catch((error) => logger.error({ err: error }, "custom domain checks failed"))
      .finally(() => {
        registry.running = false;
      });
  };
  registry.timer = setInterval(tick, TICK_MS);
  registry.timer.unref();
  onShutdown(() => {
    clearInterval(registry.timer);
    registry.timer = undefined;
  });
}
