/** Compiles ssodocs into dist/; resolves with the milliseconds it took. */
export function buildTool(): Promise<number>;
