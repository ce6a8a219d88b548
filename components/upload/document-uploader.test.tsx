// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storageKey } from "@/lib/upload/storage-key";
import type { UploadSessionProps } from "./upload-session";
import { type UploadSessionModule, useUploadSession } from "./use-upload-session";

// The engine as DocumentUploader sees it: every batch it is handed, in order.
const handed = vi.hoisted(() => ({
  mounted: false,
  batches: [] as { names: string[]; hints: string[] }[],
}));
vi.mock("./upload-session", () => ({
  UploadSession: ({ incoming, onTaken }: UploadSessionProps) => {
    useEffect(() => {
      handed.mounted = true;
    }, []);
    useEffect(() => {
      if (incoming.length === 0) return;
      for (const batch of incoming) {
        handed.batches.push({ names: batch.files.map((f) => f.name), hints: batch.languageHints });
      }
      onTaken(incoming.map((batch) => batch.id));
    }, [incoming, onTaken]);
    return null;
  },
}));

const { DocumentUploader } = await import("./document-uploader");
const { languageOptions } = await import("./languages");
const engine = (await import("./upload-session")) as UploadSessionModule;

afterEach(() => {
  cleanup();
  handed.batches = [];
  handed.mounted = false;
  window.sessionStorage.clear();
});

const png = (name: string) => new File(["x"], name, { type: "image/png" });

describe("DocumentUploader", () => {
  it("offers the category's languages, and nothing when it names none", () => {
    render(
      <DocumentUploader
        categoryId="c1"
        categoryName="Text recognition"
        languages={languageOptions(["en", "de", "pt"])}
      />,
    );
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Not sure", "English", "German", "Portuguese"]);
    cleanup();
    render(<DocumentUploader categoryId="c1" categoryName="Text recognition" />);
    expect(screen.queryByLabelText("Language of the text")).toBeNull();
  });

  it("names the languages in plain words, sorted by name, and hints the chosen one's code", async () => {
    // In the order the service lists them: by code.
    render(
      <DocumentUploader
        categoryId="c1"
        categoryName="Text recognition"
        languages={languageOptions(["cs", "en", "hu", "mi", "no", "pl", "sq", "tr"])}
      />,
    );
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual([
      "Not sure",
      "Albanian",
      "Czech",
      "English",
      "Hungarian",
      "Māori",
      "Norwegian",
      "Polish",
      "Turkish",
    ]);
    fireEvent.change(screen.getByLabelText("Language of the text"), { target: { value: "pl" } });
    const input = screen.getByLabelText("Choose documents to upload");
    fireEvent.change(input, { target: { files: [png("strona.png")] } });
    await vi.waitFor(() =>
      expect(handed.batches).toEqual([{ names: ["strona.png"], hints: ["pl"] }]),
    );
  });

  it("hands files added before the engine arrives to it, in order, with their language", async () => {
    render(
      <DocumentUploader
        categoryId="c1"
        categoryName="Text recognition"
        languages={languageOptions(["en", "de"])}
      />,
    );
    const input = screen.getByLabelText("Choose documents to upload");
    fireEvent.change(screen.getByLabelText("Language of the text"), { target: { value: "de" } });
    fireEvent.change(input, { target: { files: [png("a.png"), png("b.png")] } });
    await vi.waitFor(() => expect(handed.batches).toHaveLength(1));
    fireEvent.change(input, { target: { files: [png("c.png")] } });
    await vi.waitFor(() => expect(handed.batches).toHaveLength(2));
    expect(handed.batches).toEqual([
      { names: ["a.png", "b.png"], hints: ["de"] },
      { names: ["c.png"], hints: ["de"] },
    ]);
  });

  it("fetches the engine at once only when the tab kept rows for a refresh", async () => {
    render(<DocumentUploader categoryId="c1" categoryName="Text" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(handed.mounted).toBe(false);
    cleanup();

    window.sessionStorage.setItem(storageKey("c1"), JSON.stringify({ version: 1, entries: [{}] }));
    render(<DocumentUploader categoryId="c1" categoryName="Text" />);
    await vi.waitFor(() => expect(handed.mounted).toBe(true));
  });
});

describe("useUploadSession", () => {
  it("reports a chunk that failed to load, and loads it when asked again", async () => {
    const importModule = vi
      .fn<() => Promise<UploadSessionModule>>()
      .mockRejectedValueOnce(new Error("Failed to load chunk"))
      .mockResolvedValueOnce(engine);
    const { result } = renderHook(() => useUploadSession(importModule));
    expect(result.current.module).toBeNull();

    await act(async () => result.current.load());
    expect(result.current.failed).toBe(true);
    expect(result.current.module).toBeNull();

    await act(async () => result.current.load());
    expect(result.current.failed).toBe(false);
    expect(result.current.module).toBe(engine);
    // Loaded once is enough.
    act(() => result.current.load());
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it("asks for the chunk once while it is on its way", () => {
    const importModule = vi.fn(() => new Promise<UploadSessionModule>(() => {}));
    const { result } = renderHook(() => useUploadSession(importModule));
    act(() => {
      result.current.load();
      result.current.load();
    });
    expect(importModule).toHaveBeenCalledTimes(1);
  });
});
