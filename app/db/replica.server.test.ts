import { describe, expect, it } from "vitest";
import { isReplicaFailure, isReplicaUsable, lagOf, lsnValue } from "./replica.server";

const NOW = Date.UTC(2026, 0, 1, 12);

describe("the replica's lag", () => {
  it("compares WAL positions by both halves", () => {
    expect(lsnValue("0/FF") < lsnValue("1/0")).toBe(true);
    expect(lsnValue("1/A0") === lsnValue("1/a0")).toBe(true);
  });

  it("is 0 on an idle primary once the replica has replayed its position, however old the last transaction", () => {
    const reading = {
      primaryLsn: "0/3000148",
      inRecovery: true,
      replayLsn: "0/3000148",
      sinceLastReplaySeconds: 3_600,
      lastReplayAt: NOW - 3_600_000,
    };
    expect(lagOf(reading, NOW)).toEqual({ lagSeconds: 0, caughtUpTo: NOW });
  });

  it("is the time since the last replayed transaction while WAL is left to replay", () => {
    const reading = { primaryLsn: "0/3000200", inRecovery: true, replayLsn: "0/3000148", sinceLastReplaySeconds: 42.5, lastReplayAt: NOW - 42_500 };
    expect(lagOf(reading, NOW)).toEqual({ lagSeconds: 42.5, caughtUpTo: NOW - 42_500 });
  });

  it("cannot be measured on a server that is not a standby, or one that has replayed nothing yet", () => {
    const promoted = { primaryLsn: "0/3000200", inRecovery: false, replayLsn: null, sinceLastReplaySeconds: null, lastReplayAt: null };
    expect(lagOf(promoted, NOW)).toEqual({ lagSeconds: null, caughtUpTo: null });
    const fresh = { primaryLsn: "0/3000200", inRecovery: true, replayLsn: "0/3000100", sinceLastReplaySeconds: null, lastReplayAt: null };
    expect(lagOf(fresh, NOW).lagSeconds).toBeNull();
  });
});

describe("whether readers use the replica", () => {
  it("uses it up to 30 s behind, and bypasses it beyond, when unmeasured or unreachable", () => {
    expect(isReplicaUsable({ reachable: true, lagSeconds: 30 })).toBe(true);
    expect(isReplicaUsable({ reachable: true, lagSeconds: 30.5 })).toBe(false);
    expect(isReplicaUsable({ reachable: true, lagSeconds: null })).toBe(false);
    expect(isReplicaUsable({ reachable: false, lagSeconds: 0 })).toBe(false);
  });

  it("runs a read again on the primary only when the replica could not answer it", () => {
    expect(isReplicaFailure(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isReplicaFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error("canceling statement due to conflict with recovery"), { code: "40001" }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isReplicaFailure(Object.assign(new Error("could not serialize access"), { code: "40001" }))).toBe(false);
  });
});
