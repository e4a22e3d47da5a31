// The MDX components ssodocs renders itself (mdx.ts, tabs.ts) and the attributes each reads: one
// allow-list for a component wherever it is written (on its own line, inline, in an HTML block).

/** Each component with the attributes it reads; any other attribute is removed with a warning. */
export const COMPONENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  SupportBadge: ["level"],
  DocCardList: [],
  Tabs: ["groupId", "queryString", "defaultValue", "values", "className", "lazy"],
  TabItem: ["value", "label", "default", "className"],
};

/** How a removed attribute is named in a warning. */
export function removedAttribute(attribute: string, value: string | true, element: string): string {
  const shown = value === true ? "" : `="${value.length > 40 ? `${value.slice(0, 40)}...` : value}"`;
  return `${attribute}${shown} of <${element}>`;
}
