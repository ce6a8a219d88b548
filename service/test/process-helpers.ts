// Shared by the process and idempotency tests: real uploads of the shared fixtures,
// and test providers with known behaviour (test doubles registered for the test
// only) behind the real router.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { OcrData, UploadGrant } from "@/lib/kernel/contract";
import { uploadGrantSchema } from "@/lib/kernel/contract";
import { loadRoutingConfig } from "../src/config";
import type { Provider, ProviderInput, ProviderOutput } from "../src/providers/interface/types";
import { createRouter, type RoutingConfig } from "../src/router";
import type { Router } from "../src/router/types";
import type { TestService } from "./helpers";

export const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
export const PDF = "8e2d4f60-7a1b-4c3d-8e9f-0a1b2c3d4e5f";
export const SOON = "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f";
export const INVOICES = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const UNKNOWN = "00000000-1111-4222-8333-444444444444";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = path.resolve(repoRoot, "fixtures");

export const fixture = (name: string) => readFile(path.join(FIXTURES, name));

/** A grant for `contentType`, without uploading anything. */
export async function requestGrant(
  svc: TestService,
  category: string,
  contentType: string,
): Promise<UploadGrant> {
  const res = await svc.postJson(`/v1/categories/${category}/uploads`, {
    content_type: contentType,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return uploadGrantSchema.parse(await res.json());
}

/** The buyer's flow up to the process call: grant, then PUT `bytes`. */
export async function uploadBytes(
  svc: TestService,
  category: string,
  bytes: Buffer,
  contentType: string,
): Promise<UploadGrant & { bytes: Buffer }> {
  const grant = await requestGrant(svc, category, contentType);
  const put = await fetch(grant.upload_url, {
    method: "PUT",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  return { ...grant, bytes };
}

/** The buyer's flow up to the process call with a fixture's bytes. */
export async function uploadFixture(
  svc: TestService,
  category: string,
  name: string,
  contentType: string,
): Promise<UploadGrant & { bytes: Buffer }> {
  return uploadBytes(svc, category, await fixture(name), contentType);
}

export const processPath = (category: string) => `/v1/categories/${category}/process`;

export function ocrData(text: string): OcrData {
  return {
    text,
    language: "eng",
    pages: [
      {
        number: 1,
        width: 100,
        height: 20,
        text,
        confidence: 0.9,
        lines: [{ text, confidence: 0.9, bbox: { x0: 0, y0: 0, x1: 100, y1: 20 } }],
        words: [{ text, confidence: 0.9, bbox: { x0: 0, y0: 0, x1: 100, y1: 20 } }],
      },
    ],
  };
}

export interface TestProvider extends Provider {
  calls: ProviderInput[];
  pricePerPage: number;
}

let nextQuality = 1;

export interface TestProviderOptions {
  pricePerPage?: number;
  delayMs?: number;
  fail?: boolean;
  pages?: number;
  /** Resolves the run only when this promise does (for "still running" tests). */
  gate?: Promise<void>;
}

/**
 * A provider that offers itself to both active categories. Each one made has a lower
 * quality than the one before, so within a router they are tried in creation order.
 */
export function testProvider(name: string, options: TestProviderOptions = {}): TestProvider {
  const calls: ProviderInput[] = [];
  const pricePerPage = options.pricePerPage ?? 0.0015;
  nextQuality = nextQuality > 0.2 ? nextQuality - 0.1 : 1;
  const quality = nextQuality;
  return {
    name,
    calls,
    pricePerPage,
    offers: [
      { category: "text-recognition", pricePerPage, quality },
      { category: "pdf-text-extraction", pricePerPage, quality },
    ],
    available: async () => true,
    async run(input): Promise<ProviderOutput> {
      calls.push(input);
      if (options.gate) await options.gate;
      if (options.delayMs) await sleep(options.delayMs, input.signal);
      if (options.fail) throw new Error(`${name} is down`);
      return { data: ocrData(`read by ${name}`), pages: options.pages ?? 1 };
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * The real router (routing/) over test providers only, with the given deadline.
 * Providers are ranked by quality (given in decreasing order here), so the first
 * one listed is tried first.
 */
export function testRouter(
  providers: readonly TestProvider[],
  options: { deadlineMs?: number } = {},
): Router {
  const config: RoutingConfig = {
    ...loadRoutingConfig({}),
    deadlineMs: options.deadlineMs ?? 10_000,
  };
  return createRouter(config, new Map(providers.map((p) => [p.name, p])));
}

/** A promise and the function that resolves it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
