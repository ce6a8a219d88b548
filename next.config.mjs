/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The Routing Service lives in service/ and runs as its own program.
  typedRoutes: false,
  serverExternalPackages: ["better-sqlite3", "pg"],
};

export default nextConfig;
