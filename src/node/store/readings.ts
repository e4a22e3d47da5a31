// The readings of docs' texts: what a doc's text gives whatever its path (front matter checked,
// where the body starts, the languages of its code; content/load.ts), kept by the hash of the
// text so a build that finds a doc unchanged neither parses its front matter nor scans its body
// (about a sixth of a warm build). One file per site beside the page store, for one version of
// ssodocs (a reading is a function of the text and of the code that reads it). Each reading is
// kept in V8's serialization, which gives back any value as it was kept (a key named `__proto__`
// stays a key), and a fresh copy on every read: no two docs share an object. The file holds the
// readings this process used (a build's: its docs'; watch mode's: every text it read), so a doc
// deleted or edited takes its old reading out with it.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { DocReading, DocReadings } from "../content/load.ts";
import { hashOf } from "../util/hash.ts";

const FILE = "readings.bin";
/** The length of the hash the file starts with (hashOf's, hex): a damaged file counts as empty. */
const CHECK_LENGTH = 32;

interface Kept {
  version: 1;
  tool: string;
  readings: Map<string, Uint8Array>;
}

export class ReadingStore implements DocReadings {
  private readonly kept: Map<string, Uint8Array>;
  private readonly used = new Map<string, Uint8Array>();
  private changed = false;

  /** The readings kept in `dir` by the ssodocs whose stamp is `tool` (none kept on disk when `dir` is null). */
  constructor(
    private readonly dir: string | null,
    private readonly tool: string,
  ) {
    this.kept = this.read();
  }

  private read(): Map<string, Uint8Array> {
    if (!this.dir) return new Map();
    try {
      const bytes = readFileSync(path.join(this.dir, FILE));
      const payload = bytes.subarray(CHECK_LENGTH);
      if (bytes.subarray(0, CHECK_LENGTH).toString("latin1") !== hashOf(payload)) return new Map();
      const kept = deserialize(payload) as Kept;
      if (kept.version === 1 && kept.tool === this.tool && kept.readings instanceof Map) return kept.readings;
    } catch {
      // None yet, or damaged: no readings.
    }
    return new Map();
  }

  get(textHash: string): DocReading | undefined {
    const bytes = this.used.get(textHash) ?? this.kept.get(textHash);
    if (!bytes) return undefined;
    this.used.set(textHash, bytes);
    return deserialize(bytes) as DocReading;
  }

  set(textHash: string, reading: DocReading): void {
    this.used.set(textHash, serialize(reading));
    this.changed = true;
  }

  /**
   * Writes the readings this process used, when they differ from the file's (one was made, or one
   * in the file was not used). Watch mode saves after every update: what its first build read stays.
   */
  save(): void {
    if (!this.dir) return;
    const dropped = [...this.kept.keys()].some((hash) => !this.used.has(hash));
    if (!this.changed && !dropped) return;
    const payload = serialize({ version: 1, tool: this.tool, readings: this.used } satisfies Kept);
    const file = path.join(this.dir, FILE);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(temp, Buffer.concat([Buffer.from(hashOf(payload), "latin1"), payload]));
      renameSync(temp, file);
      this.kept.clear();
      for (const [hash, bytes] of this.used) this.kept.set(hash, bytes);
      this.changed = false;
    } catch {
      // A cache that cannot be written only costs speed; a part written (on a full disk) goes.
      rmSync(temp, { force: true });
    }
  }
}
