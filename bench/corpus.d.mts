/** Writes a synthetic corpus of `pages` guides and its config into `dir`; returns the config file. */
export function generateCorpus(dir: string, pages: number): string;
