import fs from "node:fs";

/**
 * Variables from `.env` in the working folder, when there is one (see .env.example): each fills only a
 * variable the environment does not already have, so `PORT=4000 npm start` still wins over the file.
 */
export function loadEnvFile(file = ".env") {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
