// A real DNS server on loopback (dns2, decision 390) whose zone a test edits: the app's resolver
// reaches it through DNS_RESOLVER, as it would reach a provider's server.
import dns2 from "dns2";

const { Packet } = dns2;

type ZoneRecord = { type: "A" | "CNAME" | "TXT"; value: string };

/**
 * Port 0 (the default) takes a free port: the PGlite and PostgreSQL suites run side by side in CI,
 * and a fixed port made the second one's start wait forever (dns2 never rejects a failed bind).
 */
export async function startDnsServer(port = 0) {
  const zone = new Map<string, ZoneRecord[]>();
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = String(question?.name ?? "").toLowerCase();
    const records = zone.get(name) ?? [];
    if (records.length === 0 && ![...zone.keys()].some((known) => known.endsWith(`.${name}`))) response.header.rcode = 3;
    const type = question?.type;
    // dns2's types want its Resource class; its encoder takes these plain records (its README's form).
    const answer = (record: object) => response.answers.push(record as (typeof response.answers)[number]);
    for (const record of records) {
      if (record.type === "CNAME" && (type === Packet.TYPE.CNAME || type === Packet.TYPE.A)) {
        answer({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 1, domain: record.value });
      } else if (record.type === "TXT" && type === Packet.TYPE.TXT) {
        answer({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: record.value });
      } else if (record.type === "A" && type === Packet.TYPE.A) {
        answer({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 1, address: record.value });
      }
    }
    void send(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    void server.listen(port, "127.0.0.1").then(() => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    address: `127.0.0.1:${server.address().port}`,
    publish(name: string, record: ZoneRecord) {
      const key = name.toLowerCase();
      zone.set(key, [...(zone.get(key) ?? []).filter((existing) => existing.type !== record.type), record]);
    },
    unpublish(name: string) {
      zone.delete(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
