// One React element to one HTML document.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { SsodocsError, type SourceLocation } from "../errors.ts";

/** Where in a page template an exception was thrown: the first stack frame in a .tsx or .jsx file outside node_modules. */
export function templateFrameOf(error: unknown): SourceLocation | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^():]+\.[jt]sx)(?:\?[^:]*)?:(\d+):\d+\)?/g)) {
    if (m[1].includes("/node_modules/")) continue;
    return { file: m[1].replace(/^file:\/\//, ""), line: Number(m[2]) };
  }
  return undefined;
}

export function renderDocument<P extends object>(component: ComponentType<P>, props: P, route: string): string {
  try {
    return `<!DOCTYPE html>${renderToString(createElement(component, props))}`;
  } catch (error) {
    throw new SsodocsError(`rendering ${route} failed: ${(error as Error).message}`, templateFrameOf(error));
  }
}

export function renderFragment<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}
