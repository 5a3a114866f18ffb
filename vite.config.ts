import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      // Shared with the Fastify server at run time: one context token for both (see app/context.ts).
      external: ["#app-context"],
    },
  },
});
