import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/**
 * Takes an exclusive lock on a folder by creating `relaptop.lock` holding our PID.
 * A lock left by a process that no longer runs is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, "relaptop.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (isRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another ReLaptop process (PID ${holder}). ` +
            "Stop it first, or give this one its own DATA_DIR.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
