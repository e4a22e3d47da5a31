// The temporary folders ssodocs's processes make (the site watch mode serves, `check`'s build, the
// bundled templates) are named with the process id: a process killed outright (SIGKILL, a closed
// terminal) cannot remove its folder, and the next run removes those whose process is gone.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Whether a process of that id is running (one of another user's counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const KINDS = ["dev", "check", "modules", "spool"] as const;
const NAME = new RegExp(`^ssodocs-(?:${KINDS.join("|")})-(\\d+)-`);

/** A new temporary folder of this process (`ssodocs-<kind>-<pid>-XXXXXX`). */
export function makeTempFolder(kind: (typeof KINDS)[number]): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `ssodocs-${kind}-${process.pid}-`));
}

/** The name of a temporary folder of this process, to be made by the caller. */
export function tempFolderName(kind: (typeof KINDS)[number], unique: string): string {
  return path.join(os.tmpdir(), `ssodocs-${kind}-${process.pid}-${unique}`);
}

/** Removes the temporary folders of ssodocs processes that are gone; never fails a command. */
export async function removeOrphanTempFolders(): Promise<void> {
  let names: string[];
  try {
    names = await readdir(os.tmpdir());
  } catch {
    return;
  }
  const orphans = names.filter((name) => {
    const pid = Number(NAME.exec(name)?.[1]);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid);
  });
  await Promise.all(
    orphans.map((name) => rm(path.join(os.tmpdir(), name), { recursive: true, force: true }).catch(() => undefined)),
  );
}
