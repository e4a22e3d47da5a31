#!/usr/bin/env bash
# Makes the Docusaurus bench site in $1 (default /tmp/docubench/docusaurus) from the files next to this
# script and the reference corpus in $UPSTREAM (default: the shared/upstream folder beside the checkout).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
site=${1:-/tmp/docubench/docusaurus}
upstream=${UPSTREAM:-$here/../../../shared/upstream}
mkdir -p "$site/src/components/SupportBadge"
cp "$here/package.json" "$here/package-lock.json" "$here/docusaurus.config.js" "$here/sidebars.js" "$site/"
cp "$here/src/components/SupportBadge/index.js" "$site/src/components/SupportBadge/"
rm -rf "$site/integrations"
cp -r "$upstream/integrations" "$site/integrations"
cp "$upstream/sidebar.json" "$site/sidebar.json"
# `npm install`, not `npm ci`: npm 11 writes this lock file without the other platforms' optional packages of
# @swc/html, and `npm ci` then refuses it as out of sync. `npm install` still takes every version from the lock.
cd "$site" && npm install
