// Bench stub: the reference site's real component shows a coloured badge per support level.
// Only services/index.mdx imports it. This stub renders the level as a plain Infima badge.
import React from "react";

export default function SupportBadge({ level }) {
  return <span className="badge badge--secondary">{level}</span>;
}
