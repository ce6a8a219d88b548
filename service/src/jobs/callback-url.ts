// Where a webhook may go (INTERFACE.md, "Jobs"): https to a public address, never a
// private, link-local, multicast or otherwise special one, so a callback_url cannot make
// the service reach into the network it runs in. Plain http, and loopback addresses, only
// in development (WEBHOOK_ALLOW_LOOPBACK). A name is resolved and every address it has is
// checked; the connection is then made to an address checked at that moment (undici's
// connector looks the name up through checkedLookup), so a name that answers with a public
// address to the check and a private one to the connection (DNS rebinding) is refused.
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name (tests give their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface CallbackPolicy {
  /** Loopback addresses allowed, and plain http to them. */
  allowLoopback: boolean;
  resolve?: Resolver;
}

export const resolveAll: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** A callback refused for where it would go: the message says why, safe to show. */
export class RefusedCallbackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedCallbackError";
  }
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Addresses no webhook goes to (IANA special-purpose registries), loopback aside. */
const SPECIAL: readonly [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "a 'this network' address"],
  ["10.0.0.0", 8, "ipv4", "a private address"],
  ["100.64.0.0", 10, "ipv4", "a shared (carrier-grade NAT) address"],
  ["169.254.0.0", 16, "ipv4", "a link-local address"],
  ["172.16.0.0", 12, "ipv4", "a private address"],
  ["192.0.0.0", 24, "ipv4", "a reserved address"],
  ["192.0.2.0", 24, "ipv4", "a documentation address"],
  ["192.88.99.0", 24, "ipv4", "a reserved address"],
  ["192.168.0.0", 16, "ipv4", "a private address"],
  ["198.18.0.0", 15, "ipv4", "a benchmarking address"],
  ["198.51.100.0", 24, "ipv4", "a documentation address"],
  ["203.0.113.0", 24, "ipv4", "a documentation address"],
  ["224.0.0.0", 4, "ipv4", "a multicast address"],
  ["240.0.0.0", 4, "ipv4", "a reserved address"],
  ["::", 128, "ipv6", "the unspecified address"],
  ["64:ff9b::", 96, "ipv6", "a translated (NAT64) address"],
  ["64:ff9b:1::", 48, "ipv6", "a translated (NAT64) address"],
  ["100::", 64, "ipv6", "a discard address"],
  ["2001::", 32, "ipv6", "a tunnelled (Teredo) address"],
  ["2001:db8::", 32, "ipv6", "a documentation address"],
  ["2002::", 16, "ipv6", "a tunnelled (6to4) address"],
  ["fc00::", 7, "ipv6", "a private (unique local) address"],
  ["fe80::", 10, "ipv6", "a link-local address"],
  ["fec0::", 10, "ipv6", "a site-local address"],
  ["ff00::", 8, "ipv6", "a multicast address"],
];

const SPECIAL_LISTS = SPECIAL.map(([network, prefix, type, what]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, what };
});

const familyOf = (address: string): "ipv4" | "ipv6" | undefined => {
  const version = isIP(address);
  return version === 4 ? "ipv4" : version === 6 ? "ipv6" : undefined;
};

/** Why a webhook may not go to this IP address, or undefined when it may. */
export function addressProblem(address: string, policy: CallbackPolicy): string | undefined {
  const family = familyOf(address);
  if (!family) return `${address} is not an IP address`;
  // BlockList checks IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) against IPv4 rules too.
  if (LOOPBACK.check(address, family)) {
    return policy.allowLoopback ? undefined : `${address} is a loopback address`;
  }
  const special = SPECIAL_LISTS.find(({ list }) => list.check(address, family));
  return special ? `${address} is ${special.what}` : undefined;
}

/** Every address of `hostname` (itself when it is an IP), each checked; throws when one is refused. */
export async function checkedAddresses(
  hostname: string,
  policy: CallbackPolicy,
): Promise<ResolvedAddress[]> {
  const literal = familyOf(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal === "ipv4" ? 4 : 6 }];
  } else {
    try {
      addresses = await (policy.resolve ?? resolveAll)(hostname);
    } catch {
      throw new RefusedCallbackError(`the host ${hostname} could not be resolved`);
    }
    if (addresses.length === 0) {
      throw new RefusedCallbackError(`the host ${hostname} has no address`);
    }
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, policy);
    if (problem) {
      const via = literal ? "" : ` (${hostname} resolves to it)`;
      throw new RefusedCallbackError(`callbacks may not go to ${problem}${via}`);
    }
  }
  return addresses;
}

/**
 * Checks a callback_url: its form, its scheme and every address its host has now.
 * Returns the URL, or throws RefusedCallbackError saying why not.
 */
export async function checkCallbackUrl(raw: string, policy: CallbackPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedCallbackError("callback_url is not an absolute URL");
  }
  if (url.username || url.password) {
    throw new RefusedCallbackError("callback_url may not hold a user name or password");
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "http:") {
    const plainHttp =
      "callback_url must use https (plain http only to this machine, in development)";
    // Only this machine's own names are looked up: any other takes https.
    const local = familyOf(hostname) !== undefined || /(^|\.)localhost$/i.test(hostname);
    if (!policy.allowLoopback || !local) throw new RefusedCallbackError(plainHttp);
    const addresses = await checkedAddresses(hostname, policy);
    if (!addresses.every(({ address }) => LOOPBACK.check(address, familyOf(address) ?? "ipv4"))) {
      throw new RefusedCallbackError(plainHttp);
    }
    return url;
  }
  if (url.protocol !== "https:") throw new RefusedCallbackError("callback_url must use https");
  await checkedAddresses(hostname, policy);
  return url;
}

/**
 * A `lookup` for net/tls connections that resolves and checks every address, and connects
 * only to checked ones: undici's connector uses it for every webhook connection.
 */
export function checkedLookup(policy: CallbackPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        if (wanted.length === 0) {
          callback(new RefusedCallbackError(`the host ${hostname} has no usable address`), "", 4);
          return;
        }
        if (options.all) {
          // Node's typings give the callback one address; with `all` it takes the list.
          (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(
            null,
            wanted,
          );
          return;
        }
        const [first] = wanted;
        callback(null, first?.address ?? "", first?.family ?? 4);
      },
      (error: unknown) => {
        const refused =
          error instanceof Error ? error : new RefusedCallbackError("the host was refused");
        callback(refused as NodeJS.ErrnoException, "", 4);
      },
    );
  };
}
