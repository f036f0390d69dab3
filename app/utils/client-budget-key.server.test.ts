import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientBudgetKey, UNKNOWN_CLIENT } from "./client-budget-key.server";

describe("clientBudgetKey", () => {
  it("keys an IPv4 client by its address, however it is written", () => {
    expect(clientBudgetKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientBudgetKey(" 192.0.2.7 ")).toBe("192.0.2.7");
    expect(clientBudgetKey("192.0.2.8")).toBe("192.0.2.8");
  });

  it("keys an IPv4-mapped IPv6 address as the IPv4 address it carries", () => {
    expect(clientBudgetKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientBudgetKey("::FFFF:c000:0207")).toBe("192.0.2.7");
    expect(clientBudgetKey("0:0:0:0:0:ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  it("keys an IPv6 client by its /64", () => {
    expect(clientBudgetKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientBudgetKey("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientBudgetKey("2001:0db8:0001:0002:0000:0000:0000:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientBudgetKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientBudgetKey("::1")).toBe("::/64");
  });

  it("ignores a zone id, which names the server's interface, not the client", () => {
    expect(clientBudgetKey("fe80::1234:5678%eth0")).toBe("fe80::/64");
    expect(clientBudgetKey("fe80::1%25en0")).toBe("fe80::/64");
    expect(clientBudgetKey("fe80::1%")).toBe("fe80::/64");
  });

  it("gives every unparseable address one shared key, never a budget of its own", () => {
    for (const garbage of [
      "",
      " ",
      "unknown",
      "garbage",
      "1.2.3",
      "300.1.1.1",
      "01.2.3.4",
      "0x7f.0.0.1",
      "1.2.3.4.5",
      "[::1]",
      "::1:443:",
      "2001:db8::/64",
      "::::",
      "%eth0",
    ]) {
      expect(clientBudgetKey(garbage), JSON.stringify(garbage)).toBe(UNKNOWN_CLIENT);
    }
    expect(clientBudgetKey(undefined)).toBe(UNKNOWN_CLIENT);
    expect(clientBudgetKey(null)).toBe(UNKNOWN_CLIENT);
  });

  it("maps every address of one /64 to one key, and addresses of different /64s apart (property)", () => {
    const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const prefix = fc.array(hextet, { minLength: 4, maxLength: 4 }).filter((parts) => parts.join(":") !== "0:0:0:0");
    const suffix = fc.array(hextet, { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(prefix, suffix, suffix, (network, one, other) => {
        const a = clientBudgetKey([...network, ...one].join(":"));
        expect(a).toBe(clientBudgetKey([...network, ...other].join(":")));
        expect(a.endsWith("/64")).toBe(true);
        const next = [...network.slice(0, 3), ((parseInt(network[3]!, 16) + 1) & 0xffff).toString(16)];
        expect(clientBudgetKey([...next, ...one].join(":"))).not.toBe(a);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws, and answers an address, a /64 or the shared unknown key (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.ipV4Extended()), (input) => {
        const key = clientBudgetKey(input);
        expect(key === UNKNOWN_CLIENT || /^[\d.]+$/.test(key) || key.endsWith("/64")).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
