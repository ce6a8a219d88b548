import { describe, expect, it } from "vitest";
import { sharedSettingsProblems } from "./shared-settings";

describe("sharedSettingsProblems", () => {
  const postgres = { DATABASE_URL: "postgres://u:p@db/x" };

  it("asks nothing of an instance with its own SQLite ledger", () => {
    expect(sharedSettingsProblems({})).toEqual([]);
  });

  it("names each setting instances sharing a PostgreSQL ledger must share", () => {
    expect(sharedSettingsProblems(postgres)).toEqual([
      expect.stringMatching(/^SESSION_SECRET: must be set when DATABASE_URL is PostgreSQL/),
      expect.stringMatching(/^REDIS_URL: must be set/),
      expect.stringMatching(/^ROUTING_API_KEY: must be set/),
    ]);
    expect(
      sharedSettingsProblems({
        ...postgres,
        SESSION_SECRET: "s".repeat(32),
        REDIS_URL: "redis://cache:6379/0",
        ROUTING_API_KEY: " ",
      }),
    ).toEqual([expect.stringMatching(/^ROUTING_API_KEY/)]);
  });
});
