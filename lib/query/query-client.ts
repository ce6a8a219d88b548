// One QueryClient per server request, one for the whole life of a browser tab
// (TanStack Query's advanced SSR guide).
import { isServer, QueryClient } from "@tanstack/react-query";
import { AppError } from "@/lib/errors";

const RETRYABLE = new Set(["network_error", "service_unreachable", "service_busy", "timeout"]);

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Above zero, so data rendered on the server is not fetched again at once.
        staleTime: 60_000,
        // Only passing failures are worth another try; a wrong key stays wrong.
        retry: (failureCount, error) =>
          failureCount < 2 && error instanceof AppError && RETRYABLE.has(error.code),
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

// Every queryFn and mutationFn of the app throws AppError (lib/api/fetch.ts),
// so errors read as AppError everywhere without a cast.
declare module "@tanstack/react-query" {
  interface Register {
    defaultError: AppError;
  }
}
