"use client";

import "./globals.css";

// Replaces the root layout when that layout itself fails; keeps to plain markup.
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
        <title>Something went wrong · DocRoute</title>
        <main className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <h1 className="font-semibold text-lg text-slate-900">Something went wrong</h1>
          <p className="mt-2 text-slate-600 text-sm">
            An unexpected error happened on our side. Please try again.
          </p>
          <button
            type="button"
            onClick={() => retry()}
            className="mt-6 inline-flex h-10 items-center rounded-lg bg-indigo-600 px-4 font-medium text-sm text-white hover:bg-indigo-700"
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
