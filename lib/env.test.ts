import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("fills every default, and leaves the key unset rather than failing", () => {
    expect(parseEnv({})).toEqual({
      ROUTING_API_URL: "http://127.0.0.1:8000",
      ROUTING_API_KEY: undefined,
      ROUTING_TIMEOUT_MS: 10_000,
      ROUTING_PROCESS_TIMEOUT_MS: 130_000,
      COST_UNIT_LABEL: "USD",
    });
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ ROUTING_API_KEY: "  ", ROUTING_API_URL: "", COST_UNIT_LABEL: "" });
    expect(env.ROUTING_API_KEY).toBeUndefined();
    expect(env.ROUTING_API_URL).toBe("http://127.0.0.1:8000");
    expect(env.COST_UNIT_LABEL).toBe("USD");
  });

  it("reads numbers and labels", () => {
    const env = parseEnv({ ROUTING_TIMEOUT_MS: "2500", COST_UNIT_LABEL: "credits" });
    expect(env.ROUTING_TIMEOUT_MS).toBe(2500);
    expect(env.COST_UNIT_LABEL).toBe("credits");
  });

  it("names each bad variable, and never echoes the key", () => {
    expect(() =>
      parseEnv({
        ROUTING_API_URL: "ftp://example",
        ROUTING_TIMEOUT_MS: "soon",
        ROUTING_API_KEY: "s3cret-value",
      }),
    ).toThrowError(/ROUTING_API_URL[\s\S]*ROUTING_TIMEOUT_MS/);
    try {
      parseEnv({ ROUTING_API_URL: "nope", ROUTING_API_KEY: "s3cret-value" });
    } catch (error) {
      expect(String(error)).not.toContain("s3cret-value");
    }
  });
});
