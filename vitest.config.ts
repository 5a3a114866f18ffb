import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Integration tests run on the embedded PGlite always, and also on a PostgreSQL
// server when DATABASE_URL points at one (CI sets it).
const integration = (name: string, database: string) => ({
  extends: true as const,
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DATABASE: database },
    // Migrates once per run; each test app starts from a copy (it explains the saving).
    globalSetup: ["tests/support/database-template.ts"],
    // One module graph per worker, not per file: each file builds its own app, database and services, so
    // nothing it needs lives in a module's state, and re-importing the server, the pages' build and PGlite's
    // WebAssembly for every file took about half of these projects' time (10 to 5 minutes on two cores).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    // A worker per core: the integration files spend much of their time waiting (on PostgreSQL, child
    // processes, timers), and Vitest's default (cores − 1) runs one file at a time on a two-core CI machine.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        // Image decoding (a decompression bomb) shares two cores with the integration projects.
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", testTimeout: 20_000 },
      },
      integration("pglite", "pglite"),
      ...(process.env.DATABASE_URL ? [integration("postgres", "postgres")] : []),
    ],
  },
});
