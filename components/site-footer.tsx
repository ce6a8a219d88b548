export function SiteFooter() {
  return (
    <footer className="border-slate-200 border-t bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-slate-500 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          <span className="font-medium text-slate-700">DocRoute</span> — every document goes to the
          best available provider, with automatic failover.
        </p>
        <p>Costs are estimates from the routing service.</p>
      </div>
    </footer>
  );
}
