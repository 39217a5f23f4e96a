import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The embedded database (PGlite) ships wasm files that must be loaded from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket"],
};

export default nextConfig;
