import Link from "next/link";
import { Logo } from "./logo";

export function SiteHeader() {
  return (
    <header className="border-slate-200 border-b bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="-m-1 flex items-center gap-2.5 rounded-md p-1">
          <Logo />
          <span className="font-semibold text-lg text-slate-900 tracking-tight">DocRoute</span>
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 text-sm">
            <li>
              <Link
                href="/"
                className="rounded-md px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                Categories
              </Link>
            </li>
            <li>
              <Link
                href="/documents"
                className="whitespace-nowrap rounded-md px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <span className="hidden sm:inline">My documents</span>
                <span className="sm:hidden">Documents</span>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
