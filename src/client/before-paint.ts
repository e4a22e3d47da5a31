// Runs inline in <head> before the first paint: applies the colour mode (stored value, then
// the system preference, then the default) and hides a dismissed announcement bar.
export interface BeforePaintOptions {
  defaultMode: "light" | "dark";
  respectPrefersColorScheme: boolean;
  disableSwitch: boolean;
  announcementId: string | null;
}

declare const __BEFORE_PAINT_OPTIONS__: BeforePaintOptions;

const options = __BEFORE_PAINT_OPTIONS__;
const root = document.documentElement;
let stored: string | null = null;
try {
  stored = options.disableSwitch ? null : localStorage.getItem("theme");
} catch {
  // Storage can be blocked; fall back to the preference.
}
const prefersDark = options.respectPrefersColorScheme && window.matchMedia("(prefers-color-scheme: dark)").matches;
const prefersLight = options.respectPrefersColorScheme && window.matchMedia("(prefers-color-scheme: light)").matches;
root.setAttribute(
  "data-theme",
  stored === "dark" || stored === "light" ? stored : prefersDark ? "dark" : prefersLight ? "light" : options.defaultMode,
);
if (options.announcementId !== null) {
  try {
    const id = localStorage.getItem("docusaurus.announcement.id");
    const dismissed = localStorage.getItem("docusaurus.announcement.dismiss") === "true";
    if (id !== options.announcementId) {
      localStorage.setItem("docusaurus.announcement.id", options.announcementId);
      localStorage.setItem("docusaurus.announcement.dismiss", "false");
    } else if (dismissed) root.setAttribute("data-announcement-dismissed", "true");
  } catch {
    // Without storage the bar simply shows.
  }
}
