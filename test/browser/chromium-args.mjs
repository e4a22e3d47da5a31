// The flags Debian's Chromium runs with in the tests and the benchmarks (plain JavaScript, so
// bench/*.mjs can import it too): headless, in a closed sandbox, without background traffic.
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
