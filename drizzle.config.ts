import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from db/schema/index.ts; the app applies them itself.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
