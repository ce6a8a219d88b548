/** The DocRoute mark: a page with a route leaving it. Decorative; the name is beside it. */
export function Logo({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M10 8.5h7.5l4.5 4.5v10.5a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1v-14a1 1 0 0 1 1-1Z"
        className="fill-white/95"
      />
      <path d="M17.5 8.5V13H22" className="fill-none stroke-indigo-200" strokeWidth="1.5" />
      <path
        d="M12 17.5h3.5c1.4 0 2.5 1.1 2.5 2.5s1.1 2.5 2.5 2.5H25"
        className="fill-none stroke-indigo-600"
        strokeWidth="1.75"
        strokeLinecap="round"
      />
      <circle cx="12" cy="17.5" r="1.6" className="fill-indigo-600" />
    </svg>
  );
}
