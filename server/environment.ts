import { loadEnvFile } from "./env-file.ts";

/**
 * Imported first by main.ts, before anything that loads React. React and React DOM choose their
 * production or development build from NODE_ENV when they are first loaded, and `npm start` and
 * `npm run worker` set none: without this, every page was rendered by React's development build (slower,
 * and its warnings) although the configuration said production. `.env` is read here for the same reason:
 * NODE_ENV may be set there.
 */
loadEnvFile();
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
