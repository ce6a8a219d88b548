"use client";

import type { CSSProperties } from "react";

// Replaces the root layout when that layout itself fails. It styles itself
// inline and imports no stylesheet: an import here (or in the root layout,
// which Next files under this boundary too) would put a second copy of the
// whole stylesheet into every page's payload with experimental.inlineCss.
const styles = {
  body: {
    margin: 0,
    minHeight: "100dvh",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    padding: 24,
    background: "#f8fafc",
    color: "#0f172a",
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  panel: {
    maxWidth: 448,
    padding: 32,
    textAlign: "center",
    background: "#fff",
    border: "1px solid #e2e8f0",
    borderRadius: 16,
  },
  heading: { margin: 0, fontSize: 18, fontWeight: 600 },
  text: { margin: "8px 0 0", color: "#475569", fontSize: 14, lineHeight: 1.5 },
  button: {
    marginTop: 24,
    height: 40,
    padding: "0 16px",
    border: 0,
    borderRadius: 8,
    background: "#4f46e5",
    color: "#fff",
    font: "inherit",
    fontSize: 14,
    fontWeight: 500,
    cursor: "pointer",
  },
} satisfies Record<string, CSSProperties>;

export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body style={styles.body}>
        <title>Something went wrong · DocRoute</title>
        <main style={styles.panel}>
          <h1 style={styles.heading}>Something went wrong</h1>
          <p style={styles.text}>An unexpected error happened on our side. Please try again.</p>
          <button type="button" onClick={() => retry()} style={styles.button}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
