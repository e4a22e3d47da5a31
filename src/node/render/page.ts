// One React element to one HTML document.
import { createRequire } from "node:module";
import { createElement, type ComponentType } from "react";
import { SsodocsError, type SourceLocation } from "../errors.ts";

/** Where in a page template an exception was thrown: the first stack frame in a .tsx or .jsx file outside node_modules. */
function templateFrameOf(error: unknown): SourceLocation | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^():]+\.[jt]sx)(?:\?[^:]*)?:(\d+):(\d+)\)?/g)) {
    if (m[1].includes("/node_modules/")) continue;
    return { file: m[1].replace(/^file:\/\//, ""), line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

type ReactServer = typeof import("react-dom/server");
let server: ReactServer | undefined;
/** react-dom/server, loaded when first needed: a build whose pages all come from the cache never is. */
const reactServer = () => (server ??= createRequire(import.meta.url)("react-dom/server") as ReactServer);

export function renderDocument<P extends object>(component: ComponentType<P>, props: P, route: string): string {
  try {
    return `<!DOCTYPE html>${reactServer().renderToString(createElement(component, props))}`;
  } catch (error) {
    throw new SsodocsError(`rendering ${route} failed: ${(error as Error).message}`, templateFrameOf(error));
  }
}

export function renderFragment<P extends object>(component: ComponentType<P>, props: P): string {
  return reactServer().renderToStaticMarkup(createElement(component, props));
}
