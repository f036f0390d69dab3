import { describe, expect, test } from "vitest";
import { assertServable, parseEnv } from "./env.server";

const base = { NODE_ENV: "production", DATA_DIR: "/tmp/leadqr" } as const;

describe("the public address", () => {
  test("is APP_URL when set, as an origin", () => {
    const env = parseEnv({ ...base, APP_URL: "https://qr.example.com/" });
    expect(env.appOrigin).toBe("https://qr.example.com");
    expect(env.appUrlReason).toBe("from APP_URL");
  });

  test("says at start when APP_URL is an address some phones cannot open", () => {
    expect(parseEnv({ ...base, APP_URL: "http://192.168.1.20:3000" }).appUrlReason).toBe(
      "from APP_URL; only phones on this network can open this code",
    );
    expect(parseEnv({ ...base, APP_URL: "http://127.0.0.1:3000" }).appUrlReason).toBe("from APP_URL; phones cannot open this code");
    expect(parseEnv({ ...base, APP_URL: "http://qr.example.com" }).appUrlReason).toBe("from APP_URL; this code opens an unencrypted page");
  });

  test("is derived from PORT on the embedded database when APP_URL is unset, empty or a placeholder", () => {
    for (const APP_URL of [undefined, "", "your-app-url"]) {
      const env = parseEnv({ ...base, PORT: "4321", APP_URL });
      expect(env.appOrigin).toBe("http://localhost:4321");
      expect(env.appUrlReason).toContain("APP_URL is not set: derived from HOST and PORT");
    }
  });

  test("uses a named HOST, and brackets an IPv6 one", () => {
    expect(parseEnv({ ...base, HOST: "192.168.1.20", PORT: "3000" }).appOrigin).toBe("http://192.168.1.20:3000");
    expect(parseEnv({ ...base, HOST: "::1", PORT: "3000" }).appOrigin).toBe("http://[::1]:3000");
    expect(parseEnv({ ...base, HOST: "0.0.0.0", PORT: "3000" }).appOrigin).toBe("http://localhost:3000");
  });

  test("is required to serve with PostgreSQL in production, and only there", () => {
    expect(() => assertServable(parseEnv({ ...base, DATABASE_URL: "postgres://db/leadqr" }))).toThrow(
      /APP_URL: is required with DATABASE_URL in production/,
    );
    expect(() => assertServable(parseEnv({ ...base, DATABASE_URL: "postgres://db/leadqr", APP_URL: "https://qr.example.com" }))).not.toThrow();
    expect(() => assertServable(parseEnv({ ...base }))).not.toThrow();
    expect(parseEnv({ ...base, NODE_ENV: "development", DATABASE_URL: "postgres://db/leadqr" }).appOrigin).toBe("http://localhost:3000");
  });

  test("refuses an APP_URL that is not an http(s) origin, naming the variable", () => {
    expect(() => parseEnv({ ...base, APP_URL: "not a url" })).toThrow(/APP_URL must be a URL/);
    expect(() => parseEnv({ ...base, APP_URL: "ftp://example.com" })).toThrow(/APP_URL: must start with http:\/\/ or https:\/\//);
    expect(() => parseEnv({ ...base, APP_URL: "https://user:pw@example.com" })).toThrow(/APP_URL: must not contain a user name or password/);
    expect(() => parseEnv({ ...base, APP_URL: "https://example.com/app" })).toThrow(/APP_URL: must be an origin only .* https:\/\/example.com/);
  });
});

describe("TRUST_PROXY", () => {
  test("unset, false or 0 trusts nothing", () => {
    for (const TRUST_PROXY of [undefined, "", "false", "0"]) expect(parseEnv({ ...base, TRUST_PROXY }).TRUST_PROXY).toBe(false);
  });

  test("a number is a hop count; names, addresses and CIDRs are a list", () => {
    expect(parseEnv({ ...base, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ ...base, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ ...base, TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ ...base, TRUST_PROXY: " 10.0.0.0/8 , fd00::/8,192.0.2.1 " }).TRUST_PROXY).toEqual(["10.0.0.0/8", "fd00::/8", "192.0.2.1"]);
  });

  test("true, nonsense and absurd hop counts stop the start naming the variable", () => {
    expect(() => parseEnv({ ...base, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: "true" would trust every hop/);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY: .*the number of proxies in front/);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "99" })).toThrow(/TRUST_PROXY: at most 16 hops/);
  });
});

describe("SCAN_RETENTION_MONTHS", () => {
  test("is 13 months unless set to a whole number of months", () => {
    expect(parseEnv({ ...base }).SCAN_RETENTION_MONTHS).toBe(13);
    expect(parseEnv({ ...base, SCAN_RETENTION_MONTHS: "" }).SCAN_RETENTION_MONTHS).toBe(13);
    expect(parseEnv({ ...base, SCAN_RETENTION_MONTHS: "25" }).SCAN_RETENTION_MONTHS).toBe(25);
  });

  test("refuses what is not a number of months, naming the variable", () => {
    expect(() => parseEnv({ ...base, SCAN_RETENTION_MONTHS: "a year" })).toThrow(/SCAN_RETENTION_MONTHS must be a whole number of months/);
    expect(() => parseEnv({ ...base, SCAN_RETENTION_MONTHS: "1.5" })).toThrow(/SCAN_RETENTION_MONTHS must be a whole number of months/);
    expect(() => parseEnv({ ...base, SCAN_RETENTION_MONTHS: "0" })).toThrow(/SCAN_RETENTION_MONTHS must be at least 1/);
  });
});

describe("the read replica", () => {
  test("is off unless set, and needs a PostgreSQL primary", () => {
    expect(parseEnv({ ...base }).DATABASE_REPLICA_URL).toBeUndefined();
    const replica = "postgres://replica/leadqr";
    expect(parseEnv({ ...base, DATABASE_URL: "postgres://db/leadqr", DATABASE_REPLICA_URL: replica }).DATABASE_REPLICA_URL).toBe(replica);
    for (const DATABASE_URL of [undefined, "memory://"]) {
      expect(() => parseEnv({ ...base, DATABASE_URL, DATABASE_REPLICA_URL: replica })).toThrow(/DATABASE_REPLICA_URL: needs DATABASE_URL/);
    }
    expect(() => parseEnv({ ...base, DATABASE_URL: "postgres://db/leadqr", DATABASE_REPLICA_URL: "not a url" })).toThrow(
      "DATABASE_REPLICA_URL must be a URL",
    );
  });
});
