// Texts and classes of the badges under a guide's title; shared by the templates and the Markdown components.
import type { SupportLevel } from "./types.ts";

const SUPPORT_LEVEL_TEXT: Record<SupportLevel, string> = {
  authentik: "authentik",
  community: "Community",
  vendor: "Vendor",
  deprecated: "Deprecated",
};

export function supportBadgeLabel(level: SupportLevel): string {
  return `Support level: ${SUPPORT_LEVEL_TEXT[level]}`;
}

export function supportBadgeClass(level: SupportLevel): string {
  return `badge badge-support badge-support-${level}`;
}
