// The site settings the inline head scripts read (src/client/before-paint.ts, site-checks.ts). A
// page carries only those that differ from the defaults, as JSON in <html data-ssodocs>, so the
// scripts are the same on every site (one hash in the Content-Security-Policy) and a site with
// the default settings carries `{}`.
export interface BeforePaintOptions {
  baseUrl: string;
  defaultMode: "light" | "dark";
  respectPrefersColorScheme: boolean;
  disableSwitch: boolean;
  announcementId: string | null;
  mermaidThemes: { light: string; dark: string };
}

const DEFAULT_BEFORE_PAINT_OPTIONS: BeforePaintOptions = {
  baseUrl: "/",
  defaultMode: "light",
  respectPrefersColorScheme: true,
  disableSwitch: false,
  announcementId: null,
  mermaidThemes: { light: "default", dark: "dark" },
};

/** The settings of a page: the defaults, with those the page carries in place. */
export function readBeforePaintOptions(root: HTMLElement): BeforePaintOptions {
  return { ...DEFAULT_BEFORE_PAINT_OPTIONS, ...(JSON.parse(root.dataset.ssodocs ?? "{}") as object) };
}

/** What a page carries of `options`: each setting that differs from its default. */
export function ownBeforePaintOptions(options: BeforePaintOptions): Partial<BeforePaintOptions> {
  const defaults = DEFAULT_BEFORE_PAINT_OPTIONS as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(defaults[key])),
  ) as Partial<BeforePaintOptions>;
}
