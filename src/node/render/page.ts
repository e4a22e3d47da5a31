// One React element to one HTML document.
import { createRequire } from "node:module";
import { createElement, type ComponentType, type ReactElement } from "react";
import { type ComponentOverrides, withOverrides } from "../../shared/overridable.ts";
import { SsodocsError, type SourceLocation } from "../errors.ts";

/**
 * Where in a page template or a site's override an exception was thrown: the first stack frame in
 * a .tsx or .jsx file outside node_modules.
 */
export function templateFrameOf(error: unknown): SourceLocation | undefined {
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

/** The element to render: the component, with the site's overrides when it has any. */
function elementOf<P extends object>(
  component: ComponentType<P>,
  props: P,
  overrides: ComponentOverrides,
): ReactElement {
  const element = createElement(component, props);
  return Object.keys(overrides).length ? withOverrides(element, overrides) : element;
}

export function renderDocument<P extends object>(
  component: ComponentType<P>,
  props: P,
  route: string,
  overrides: ComponentOverrides = {},
): string {
  try {
    return `<!DOCTYPE html>${reactServer().renderToString(elementOf(component, props, overrides))}`;
  } catch (error) {
    throw new SsodocsError(`rendering ${route} failed: ${(error as Error).message}`, templateFrameOf(error));
  }
}

/** Part of a page (the cards `<DocCardList />` shows, an override's badge); an exception names the template's line. */
export function renderFragment<P extends object>(
  component: ComponentType<P>,
  props: P,
  overrides: ComponentOverrides = {},
): string {
  try {
    return reactServer().renderToStaticMarkup(elementOf(component, props, overrides));
  } catch (error) {
    throw new SsodocsError(
      `rendering ${component.displayName ?? component.name} failed: ${(error as Error).message}`,
      templateFrameOf(error),
    );
  }
}
