import { overridable } from "../../src/shared/overridable.ts";
import type { AnnouncementBarProps } from "../../src/shared/template-props.ts";
import { CloseIcon } from "./Icons.tsx";

/** Shown until dismissed; the before-paint script hides it at once when the stored dismissal matches its id. */
export function DefaultAnnouncementBar({ bar }: AnnouncementBarProps) {
  return (
    <section
      className="announcement-bar"
      data-announcement-bar
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
      aria-label="Announcement"
    >
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="icon-button announcement-close" aria-label="Close" data-announcement-close>
          <CloseIcon size={16} />
        </button>
      ) : null}
    </section>
  );
}

export const AnnouncementBar = overridable("AnnouncementBar", DefaultAnnouncementBar);
