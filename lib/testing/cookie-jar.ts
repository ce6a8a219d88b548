// `next/headers` for tests that act as several browsers: each browser is a
// Map of cookies, and `jar.current` is the one asking.
//
//   vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);
//   jar.current = alice;
export const jar = { current: new Map<string, string>() };

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => {
      const value = jar.current.get(name);
      return value === undefined ? undefined : { name, value };
    },
    set: (name: string, value: string) => jar.current.set(name, value),
    delete: (name: string) => jar.current.delete(name),
  }),
  headers: async () => new Headers(),
};
