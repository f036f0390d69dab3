import { describe, expect, it } from "vitest";
import { publicAddressVerdict } from "./public-address";

const reach = (address: string) => publicAddressVerdict(address).reach;

describe("who can open a code that carries the public address", () => {
  it("loopback, localhost and the wildcard address: only this computer", () => {
    for (const address of [
      "http://localhost:3000",
      "http://LOCALHOST.:3000",
      "http://app.localhost:3000",
      "https://localhost",
      "http://127.0.0.1:3000",
      "http://127.1:3000",
      "http://127.255.0.9",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
      "http://[::]:3000",
      "http://[::ffff:127.0.0.1]:3000",
    ])
      expect(reach(address), address).toBe("unreachable");
    expect(publicAddressVerdict("http://localhost:3000").warning).toEqual({
      title: "Phones cannot open this code",
      text: "It points at http://localhost:3000, which only this computer can open. Set APP_URL to your public https address (e.g. APP_URL=https://qr.example.com) and restart the server before printing.",
    });
  });

  it("reserved and multicast addresses: no phone", () => {
    for (const address of ["http://224.0.0.1", "http://192.0.2.10", "http://255.255.255.255", "http://[ff02::1]"])
      expect(reach(address), address).toBe("unreachable");
    expect(publicAddressVerdict("http://192.0.2.10").warning?.text).toContain("which is not an address a phone can reach");
  });

  it("private ranges, link-local and local names: only phones on this network, http or https", () => {
    for (const address of [
      "http://10.0.0.5:3000",
      "http://172.16.0.1",
      "http://172.31.255.254",
      "http://192.168.1.20:3000",
      "https://192.168.1.20",
      "http://169.254.10.1",
      "http://100.64.0.1",
      "http://[fd12:3456::1]:3000",
      "http://[fc00::1]",
      "http://[fe80::1]",
      "http://[::ffff:192.168.1.20]:3000",
      "http://my-laptop.local:3000",
      "http://nas.lan",
      "https://printer.home.arpa",
      "http://shop.internal",
      "http://raspberrypi:3000",
    ])
      expect(reach(address), address).toBe("local-network");
    expect(publicAddressVerdict("http://192.168.1.20:3000").warning).toEqual({
      title: "Only phones on this network can open this code",
      text: "It points at http://192.168.1.20:3000, a local network address: a phone on the same Wi-Fi can open it, no other phone can. Set APP_URL to your public https address (e.g. APP_URL=https://qr.example.com) and restart the server before printing.",
    });
  });

  it("plain http on a public name or address: opens, but unencrypted", () => {
    for (const address of ["http://qr.example.com", "http://8.8.8.8:8080", "http://[2001:4860::8888]", "http://172.32.0.1", "http://192.169.0.1"])
      expect(reach(address), address).toBe("unencrypted");
    expect(publicAddressVerdict("http://qr.example.com").warning?.title).toBe("This code opens an unencrypted page");
  });

  it("https on a public name or address: any phone, no warning", () => {
    for (const address of [
      "https://qr.example.com",
      "https://qr.example.com:8443",
      "https://8.8.8.8",
      "https://[2001:4860::8888]",
      "https://local.example.com",
    ])
      expect(publicAddressVerdict(address), address).toMatchObject({ reach: "public", warning: null });
  });
});
