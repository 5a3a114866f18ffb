import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // `npm run dev`: Vite finds the browser's dependencies from the route modules before the first page, instead
    // of one by one as pages load (each find re-bundled them and reloaded the page, and a page could load two
    // copies of React meanwhile).
    unstable_optimizeDeps: true,
  },
} satisfies Config;
