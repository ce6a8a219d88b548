// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_ACCEPTED_TYPES } from "@/lib/upload/media-types";
import { DropZone } from "./drop-zone";

afterEach(cleanup);

function paste(target: EventTarget, files: File[]) {
  const event = new Event("paste", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "clipboardData", { value: { files } });
  target.dispatchEvent(event);
}

describe("DropZone", () => {
  it("says what it takes and how much, in words", () => {
    render(
      <DropZone
        accepted={["application/pdf", "image/png"]}
        maxBytes={10 * 1024 * 1024}
        onFiles={vi.fn()}
      />,
    );
    expect(screen.getByTestId("drop-zone-rules").textContent).toMatch(
      /^PDF or PNG files, up to 10 MB each\./,
    );
  });

  it("passes every chosen file on, even those of a refused type, so each gets its reason", async () => {
    const onFiles = vi.fn();
    render(<DropZone accepted={DEFAULT_ACCEPTED_TYPES} maxBytes={1000} onFiles={onFiles} />);
    const input = screen.getByLabelText("Choose documents to upload");
    const files = [new File(["x"], "a.png", { type: "image/png" }), new File(["x"], "b.docx")];
    fireEvent.change(input, { target: { files } });
    await vi.waitFor(() => expect(onFiles).toHaveBeenCalled());
    expect(onFiles.mock.calls[0]?.[0].map((f: File) => f.name).sort()).toEqual(["a.png", "b.docx"]);
  });

  it("takes files pasted on the page, but not a paste into a text field", () => {
    const onFiles = vi.fn();
    render(
      <>
        <input aria-label="Search" />
        <DropZone accepted={DEFAULT_ACCEPTED_TYPES} maxBytes={1000} onFiles={onFiles} />
      </>,
    );
    const image = new File(["x"], "image.png", { type: "image/png" });
    paste(screen.getByLabelText("Search"), [image]);
    expect(onFiles).not.toHaveBeenCalled();
    paste(document.body, [image]);
    expect(onFiles).toHaveBeenCalledWith([image]);
  });

  it("is reached and used with the keyboard through a real button", () => {
    render(<DropZone accepted={DEFAULT_ACCEPTED_TYPES} maxBytes={1000} onFiles={vi.fn()} />);
    const button = screen.getByRole("button", { name: "Choose files" });
    expect(button.tagName).toBe("BUTTON");
    expect(screen.getByTestId("drop-zone").getAttribute("tabindex")).toBeNull();
  });
});
