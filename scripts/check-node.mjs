// Run first by npm start, dev, serve, build and test: on an older Node, one clear line instead of a stack
// trace from deep inside (Node 20 stops at the first .ts file). Plain old JavaScript on purpose, so that
// any Node still in use can parse it; the version wanted is package.json's "engines".
import fs from "node:fs";

const engines = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const needed = Number(/\d+/.exec(engines)[0]);
const running = process.version.replace(/^v/, "");

if (Number(running.split(".")[0]) < needed) {
  console.error(`ReLaptop needs Node ${needed} or newer (this is Node ${running}). With nvm: nvm install && nvm use`);
  process.exit(1);
}
