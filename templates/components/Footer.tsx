import { overridable } from "../../src/shared/overridable.ts";
import type { FooterProps } from "../../src/shared/template-props.ts";

export function DefaultFooter({ site }: FooterProps) {
  return (
    <footer className="footer">
      <div className="footer-copyright">{site.config.footer.copyright}</div>
    </footer>
  );
}

/** The footer as pages render it: the site's `theme/Footer.tsx` when it has one. */
export const Footer = overridable("Footer", DefaultFooter);
