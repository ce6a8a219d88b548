// Shared looks for links and buttons that act as buttons.
export const primaryButton =
  "inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 font-medium text-sm text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButton =
  "inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-700 text-sm shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";
