// Fault injection, so failover can be shown in a demo and tested: a provider
// can be made to fail, to answer late or never. Set by PROVIDER_FAULTS:
//
//   PROVIDER_FAULTS="tesseract-native=error:1;tesseractjs-best=delay:2000;tesseractjs-fast=hang"
//
// Entries are separated by `;`, each `<provider>=<fault>[,<fault>…]` with
//   error:<rate>   fail this share of calls, 0–1 (error:1 fails every call)
//   delay:<ms>     wait this long before running the provider
//   hang           never answer (until the attempt times out)
// e.g. `tesseract-native=delay:500,error:0.3`. Delay comes first, then hang or error.
import { z } from "zod";
import { raceAbort, sleep } from "../providers/interface/abort";
import type { Provider } from "../providers/interface/types";

export interface Fault {
  errorRate: number;
  delayMs: number;
  hang: boolean;
}

const faultPart = z
  .string()
  .trim()
  .transform((part, ctx): Partial<Fault> => {
    if (part === "hang") return { hang: true };
    const [, kind, number] = /^(error|delay):(\d+(?:\.\d+)?)$/.exec(part) ?? [];
    if (kind === "error" && Number(number) <= 1) return { errorRate: Number(number) };
    if (kind === "delay") return { delayMs: Math.round(Number(number)) };
    ctx.addIssue({
      code: "custom",
      message: `"${part}" is not error:<0 to 1>, delay:<milliseconds> or hang`,
    });
    return z.NEVER;
  });

const faultEntry = z.string().transform((entry, ctx) => {
  const [provider = "", spec = ""] = entry.split("=", 2).map((s) => s.trim());
  const parts = z.array(faultPart).safeParse(spec.split(","));
  if (provider === "" || !parts.success) {
    ctx.addIssue({
      code: "custom",
      message: `"${entry}" must look like provider=error:0.5 (faults: error:<rate>, delay:<ms>, hang; several joined by commas)`,
    });
    return z.NEVER;
  }
  return {
    provider,
    fault: Object.assign({ errorRate: 0, delayMs: 0, hang: false }, ...parts.data) as Fault,
  };
});

/** PROVIDER_FAULTS's value → faults by provider name. */
export const faultsSchema = z
  .string()
  .transform((value) =>
    value
      .split(";")
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .pipe(z.array(faultEntry))
  .transform((entries) => Object.fromEntries(entries.map((e) => [e.provider, e.fault])));

export class InjectedFaultError extends Error {
  constructor(provider: string) {
    super(`Injected fault: ${provider} failed on purpose (PROVIDER_FAULTS)`);
    this.name = "InjectedFaultError";
  }
}

/** `provider` with `fault` in front of every run. `random` is injectable for tests. */
export function withFault(provider: Provider, fault: Fault, random = Math.random): Provider {
  return {
    name: provider.name,
    offers: provider.offers,
    selectsPages: provider.selectsPages,
    available: () => provider.available(),
    reads: async (hints) => (await provider.reads?.(hints)) ?? true,
    close: async () => provider.close?.(),
    async run(input) {
      if (fault.delayMs > 0) await sleep(fault.delayMs, input.signal);
      if (fault.hang) return raceAbort(new Promise<never>(() => {}), input.signal);
      if (fault.errorRate > 0 && random() < fault.errorRate)
        throw new InjectedFaultError(provider.name);
      return provider.run(input);
    },
  };
}
