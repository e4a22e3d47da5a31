export interface LoadResult {
  pages: number;
  requests: number;
  rps: number;
  p99ms: number;
  errors: number;
  memoryGrowthMB: number;
}
/** Serves a site with `ssodocs serve` and loads it with autocannon on 127.0.0.1. */
export function runLoad(options?: {
  config?: string;
  out?: string;
  connections?: number;
  seconds?: number;
}): Promise<LoadResult>;
