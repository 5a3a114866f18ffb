import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** React, React DOM and React Router: every page needs all of them, so they travel as one file. */
const framework =
  /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The words and small rules every public page shows (labels, money, values, messages: zod-free by design, see
 * schemas/favourite-labels.ts): one file instead of a dozen of a few hundred bytes, each with its own import
 * list and compression.
 */
const labels =
  /[\\/]schemas[\\/](battery-labels|delivery-labels|favourite-labels|price-labels|values|spec-line|money|messages|verify-email-labels|search-url|two-factor-labels|proof-labels)\.ts$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          // The pages import core's modules for their rules and types; what they leave unused (the card provider's
          // SDK, the mail transport, sharp, Redis's client) was still imported for its side effects and loaded in
          // every server process at ~35 MB. No package on the server is imported for its side effects alone. (The
          // browser's build bundles its packages, so this is the server's only: there it also moved code between
          // the chunks a laptop's page loads.)
          treeshake: { moduleSideEffects: "no-external" },
        },
      },
    },
  },
  build: {
    rollupOptions: {
      // Shared with the Fastify server at run time: one context token for both (see app/context.ts).
      external: ["#app-context"],
      // Left to itself the bundler cuts the framework into four files, whose import lists and separate
      // compression cost ~2.6 KB of gzip on every page (tests/e2e/budget.spec.ts).
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: framework },
            { name: "labels", test: labels },
          ],
        },
      },
    },
  },
});
