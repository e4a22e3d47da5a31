import type { BuildOptions, Plugin } from "esbuild";
export declare const nodeBundleOptions: BuildOptions;
export declare const keepImportMeta: Plugin;
