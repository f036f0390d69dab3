// The journeys' webhook receivers listen on 127.0.0.1 over plain http: allowed only because of
// this development/test switch, never on by default.
export async function start() {
  return { WEBHOOKS_ALLOW_PRIVATE: "true" };
}
