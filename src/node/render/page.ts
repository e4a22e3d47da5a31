// One React element to one HTML document.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { SsodocsError } from "../errors.ts";

export function renderDocument<P extends object>(component: ComponentType<P>, props: P, route: string): string {
  try {
    return `<!DOCTYPE html>${renderToString(createElement(component, props))}`;
  } catch (error) {
    throw new SsodocsError(`rendering ${route} failed: ${(error as Error).message}`);
  }
}

export function renderFragment<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}
