// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type ResultViewModule, useResultView } from "./use-result-view";

const view = await import("@/components/result/result-view");

describe("useResultView", () => {
  it("fetches nothing until files are on their way, then the chunk once", async () => {
    const importModule = vi.fn(async () => view);
    const { result, rerender } = renderHook(({ wanted }) => useResultView(wanted, importModule), {
      initialProps: { wanted: false },
    });
    expect(importModule).not.toHaveBeenCalled();

    rerender({ wanted: true });
    await vi.waitFor(() => expect(result.current.module).toBe(view));
    // A second session on the page finds it already fetched.
    const other = renderHook(() => useResultView(true, importModule));
    await vi.waitFor(() => expect(other.result.current.module).toBe(view));
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it("reports a chunk that failed to load, and fetches it again on retry", async () => {
    const importModule = vi
      .fn<() => Promise<ResultViewModule>>()
      .mockRejectedValueOnce(new Error("Failed to load chunk"))
      .mockResolvedValueOnce(view);
    const { result } = renderHook(() => useResultView(true, importModule));
    await vi.waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.module).toBeNull();

    act(() => result.current.retry());
    await vi.waitFor(() => expect(result.current.module).toBe(view));
    expect(result.current.failed).toBe(false);
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
