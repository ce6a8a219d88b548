"use client";
// Where files come in: dropped, chosen in the file dialog, or pasted. Every
// file is passed on, including those react-dropzone would refuse: the queue's
// own checks give each one its reason in plain words.
import { useEffect } from "react";
import { useDropzone } from "react-dropzone";
import { formatBytes } from "@/lib/upload/format";
import { describeAcceptedTypes, dropzoneAccept } from "@/lib/upload/media-types";

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

export function DropZone({
  accepted,
  maxBytes,
  onFiles,
  disabled = false,
}: {
  accepted: readonly string[];
  maxBytes: number;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: dropzoneAccept(accepted),
    onDrop: (ok, refused) => {
      const files = [...ok, ...refused.map((r) => r.file)];
      if (files.length > 0) onFiles(files);
    },
    disabled,
    // The button inside takes the keyboard; the zone itself stays out of the tab order.
    noKeyboard: true,
  });

  // Paste from the clipboard anywhere on the page, except while typing in a field.
  useEffect(() => {
    if (disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      if (isTypingTarget(event.target)) return;
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, [disabled, onFiles]);

  const types = describeAcceptedTypes(accepted);
  return (
    <div
      {...getRootProps({
        className: `group flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition sm:py-12 ${
          isDragActive
            ? "border-indigo-500 bg-indigo-50"
            : "border-slate-300 bg-white hover:border-indigo-400 hover:bg-slate-50"
        } ${disabled ? "pointer-events-none opacity-60" : ""}`,
      })}
      data-testid="drop-zone"
    >
      <input {...getInputProps({ "aria-label": "Choose documents to upload" })} />
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 group-hover:bg-indigo-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5" />
          <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </svg>
      </span>
      {/* Phones have no dragging: the button alone says what to do there. */}
      <p className="mt-4 hidden font-medium text-base text-slate-900 sm:block">
        {isDragActive ? "Drop to add the files" : "Drag documents here"}
      </p>
      <p className="mt-1 hidden text-slate-500 text-sm sm:block">or</p>
      <button
        type="button"
        disabled={disabled}
        onClick={(event) => {
          // The zone would open the dialog too; once is enough.
          event.stopPropagation();
          open();
        }}
        className="mt-4 inline-flex sm:mt-2 h-10 items-center justify-center rounded-lg bg-indigo-600 px-4 font-medium text-sm text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
      >
        Choose files
      </button>
      <p className="mt-4 max-w-md text-pretty text-slate-600 text-sm" data-testid="drop-zone-rules">
        {types} files, up to {formatBytes(maxBytes)} each.
        <span className="hidden sm:inline">
          {" "}
          You can also paste an image with Ctrl+V (⌘V on a Mac).
        </span>
      </p>
    </div>
  );
}
