// Height animation of collapsible parts (<details> in the content): the duration grows with the
// height as on the reference site, and is 1 ms when the reader prefers reduced motion.
export function collapseDuration(height: number): number {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 1;
  const h = height / 36;
  return Math.round((4 + 15 * h ** 0.25 + h / 5) * 10);
}

function animate(details: HTMLDetailsElement, open: boolean): void {
  const summary = details.querySelector("summary");
  const closedHeight = summary ? summary.offsetHeight : 0;
  if (open) details.open = true;
  const fullHeight = details.scrollHeight;
  const duration = collapseDuration(fullHeight - closedHeight);
  const from = open ? closedHeight : fullHeight;
  const to = open ? fullHeight : closedHeight;
  details.style.overflow = "hidden";
  const anim = details.animate([{ height: `${from}px` }, { height: `${to}px` }], { duration, easing: "ease-in-out" });
  anim.onfinish = anim.oncancel = () => {
    details.style.overflow = "";
    if (!open) details.open = false;
  };
}

export function setupCollapsibles(root: ParentNode): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>(".markdown details")) {
    const summary = details.querySelector("summary");
    summary?.addEventListener("click", (e) => {
      e.preventDefault();
      animate(details, !details.open);
    });
  }
}
