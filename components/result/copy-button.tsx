"use client";
import { useEffect, useRef, useState } from "react";
import { secondaryButton } from "@/components/button-styles";

/** Clipboard API where it exists (secure contexts); an off-screen textarea elsewhere. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (no permission, plain http): try the old way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

type CopyState = "idle" | "copied" | "failed";

/** A button that copies `text` and says so, for screen readers too. */
export function CopyButton({
  text,
  label,
  className = secondaryButton,
  testId,
}: {
  text: string | (() => string);
  label: string;
  className?: string;
  testId?: string;
}) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(typeof text === "function" ? text() : text);
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  };

  return (
    <button type="button" onClick={onClick} className={className} data-testid={testId}>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        {state === "copied" ? (
          <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <>
            <rect x="7" y="7" width="9" height="10" rx="1.5" />
            <path d="M13 7V4.5A1.5 1.5 0 0 0 11.5 3h-6A1.5 1.5 0 0 0 4 4.5v8A1.5 1.5 0 0 0 5.5 14H7" />
          </>
        )}
      </svg>
      <span>{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}</span>
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? `${label}: copied to the clipboard` : ""}
        {state === "failed" ? "Could not copy. Select the text and copy it yourself." : ""}
      </span>
    </button>
  );
}
