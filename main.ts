// First: NODE_ENV must be set before React is loaded (by the server, through React Router).
import "./server/environment.ts";
import { seedDemoIfEmpty } from "./seed/demo.ts";
import { start } from "./server/start.ts";

/*
 * The entry of `npm start`, `npm run dev` (--dev) and `npm run worker` (--worker): the server, with the demo
 * seed as its start-up hook. The seed uses the server's services, so the server does not import the seed: the
 * two meet here.
 */
start({ seedDemo: seedDemoIfEmpty });
