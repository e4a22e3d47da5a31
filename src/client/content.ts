// Interactive parts of rendered Markdown: tabs (mouse, arrow keys, groups kept in step and
// remembered as Docusaurus does, `?<queryString>=` selection, headings inside a hidden tab
// reachable by links) and code blocks (copy button, soft-wrap toggle).
const GROUP_KEY = "docusaurus.tab.";

const tabValue = (tabs: Element, value: string) =>
  tabs.querySelector<HTMLElement>(`:scope > [role=tablist] > [data-value="${CSS.escape(value)}"]`);

function selectTab(tabs: HTMLElement, value: string, focus: boolean): void {
  for (const tab of tabs.querySelectorAll<HTMLElement>(":scope > [role=tablist] > [role=tab]")) {
    const on = tab.dataset.value === value;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on && focus) tab.focus();
  }
  for (const panel of tabs.querySelectorAll<HTMLElement>(":scope > [role=tabpanel]"))
    panel.hidden = panel.dataset.value !== value;
}

/** Selects `value` in every tab group of the page with this groupId that has it. */
function selectInGroup(group: string, value: string, except: Element | null = null): void {
  for (const other of document.querySelectorAll<HTMLElement>(`[data-tabs][data-group-id="${CSS.escape(group)}"]`)) {
    if (other !== except && tabValue(other, value)) selectTab(other, value, false);
  }
}

function stored(group: string): string | null {
  try {
    return localStorage.getItem(GROUP_KEY + group);
  } catch {
    return null;
  }
}

/** The tab a group starts on: the one the address names (`?<key>=<value>`), else the remembered one. */
function initialValue(tabs: HTMLElement): string | null {
  const key = tabs.dataset.queryKey;
  const asked = key ? new URLSearchParams(location.search).get(key) : null;
  if (asked && tabValue(tabs, asked)) return asked;
  const group = tabs.dataset.groupId;
  const saved = group ? stored(group) : null;
  return saved && tabValue(tabs, saved) ? saved : null;
}

/** A choice made by the reader: the group follows, the choice is remembered and put in the address. */
function choose(tabs: HTMLElement, value: string, focus: boolean): void {
  selectTab(tabs, value, focus);
  const group = tabs.dataset.groupId;
  if (group) {
    try {
      localStorage.setItem(GROUP_KEY + group, value);
    } catch {
      // Not remembered.
    }
    selectInGroup(group, value, tabs);
  }
  const key = tabs.dataset.queryKey;
  if (key) {
    const url = new URL(location.href);
    url.searchParams.set(key, value);
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
}

/**
 * Shows the element with this id if a closed tab or <details> hides it: the tabs holding it are
 * selected (their groups follow, nothing is remembered) and <details> around it opened. Returns
 * whether anything had to change.
 */
export function revealTarget(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  let changed = false;
  for (
    let panel = target.closest<HTMLElement>("[role=tabpanel][hidden]");
    panel;
    panel = target.closest<HTMLElement>("[role=tabpanel][hidden]")
  ) {
    const tabs = panel.parentElement?.closest<HTMLElement>("[data-tabs]");
    const value = panel.dataset.value;
    if (!tabs || value === undefined) break;
    selectTab(tabs, value, false);
    if (tabs.dataset.groupId) selectInGroup(tabs.dataset.groupId, value, tabs);
    changed = true;
  }
  for (
    let d = target.closest("details:not([open])");
    d instanceof HTMLDetailsElement;
    d = target.closest("details:not([open])")
  ) {
    d.open = true;
    changed = true;
  }
  return changed;
}

const hashId = (hash: string) => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
};

/** Whether the current address's #target is on the page but hidden (in a closed tab or <details>). */
export function hashTargetHidden(): boolean {
  const target = location.hash ? document.getElementById(hashId(location.hash)) : null;
  return !!target && target.getClientRects().length === 0;
}

let documentListeners = false;

function setupDocumentListeners(): void {
  if (documentListeners) return;
  documentListeners = true;
  // A link to a heading of this page (the table of contents, a #anchor in the text): show it
  // before the browser scrolls to it.
  document.addEventListener("click", (e) => {
    const a = (e.target as Element).closest?.<HTMLAnchorElement>("a[href*='#']");
    if (a?.hash && a.origin === location.origin && a.pathname === location.pathname) revealTarget(hashId(a.hash));
  });
  // Back and forward to an anchor, or an address changed by hand.
  window.addEventListener("hashchange", () => {
    if (revealTarget(hashId(location.hash))) document.getElementById(hashId(location.hash))?.scrollIntoView();
  });
  // A choice made in another window of the site.
  window.addEventListener("storage", (e) => {
    if (e.key?.startsWith(GROUP_KEY) && e.newValue) selectInGroup(e.key.slice(GROUP_KEY.length), e.newValue);
  });
}

export function setupTabs(root: ParentNode): void {
  setupDocumentListeners();
  for (const tabs of root.querySelectorAll<HTMLElement>("[data-tabs]")) {
    const initial = initialValue(tabs);
    if (initial) selectTab(tabs, initial, false);
    const list = tabs.querySelector<HTMLElement>(":scope > [role=tablist]");
    if (!list) continue;
    list.addEventListener("click", (e) => {
      const tab = (e.target as HTMLElement).closest<HTMLElement>("[role=tab]");
      if (tab?.dataset.value) choose(tabs, tab.dataset.value, false);
    });
    list.addEventListener("keydown", (e) => {
      const all = [...list.querySelectorAll<HTMLElement>("[role=tab]")];
      const i = all.indexOf(document.activeElement as HTMLElement);
      if (i < 0) return;
      const keys: Record<string, number> = {
        ArrowRight: (i + 1) % all.length,
        ArrowLeft: (i - 1 + all.length) % all.length,
        Home: 0,
        End: all.length - 1,
      };
      const next = keys[e.key];
      if (next === undefined) return;
      e.preventDefault();
      choose(tabs, all[next].dataset.value!, true);
    });
  }
  // The page's #target may sit in a tab that is not selected.
  if (location.hash) revealTarget(hashId(location.hash));
}

function setupCopyButton(button: HTMLButtonElement): void {
  button.addEventListener("click", async () => {
    const code = button.closest(".code-block")?.querySelector("code");
    if (!code) return;
    try {
      // The text as shown (innerText): what a reader selecting it would copy.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
      await navigator.clipboard.writeText(code.innerText.replace(/\n$/, ""));
      button.textContent = "Copied";
      button.setAttribute("aria-label", "Copied");
    } catch {
      button.textContent = "Copy failed";
    }
    setTimeout(() => {
      button.textContent = "Copy";
      button.setAttribute("aria-label", "Copy code to clipboard");
    }, 2000);
  });
}

/** The wrap button shows where lines are too long for the block (or wrapping is on). */
function updateWrapButtons(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>(".code-block")) {
    const pre = block.querySelector("pre");
    let button = block.querySelector<HTMLButtonElement>(":scope > .code-header > .wrap-button");
    const wrapped = block.hasAttribute("data-wrap");
    const overflows = !!pre && pre.scrollWidth > pre.clientWidth + 1;
    if (!button && !overflows) continue;
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "wrap-button";
      button.textContent = "Wrap";
      button.title = "Toggle word wrap";
      button.setAttribute("aria-label", "Toggle word wrap");
      button.setAttribute("aria-pressed", "false");
      block.querySelector(":scope > .code-header > .copy-button")?.before(button);
      const toggle = button;
      toggle.addEventListener("click", () => {
        const on = !block.hasAttribute("data-wrap");
        block.toggleAttribute("data-wrap", on);
        toggle.setAttribute("aria-pressed", String(on));
      });
    }
    button.hidden = !overflows && !wrapped;
  }
}

let resizeListener: (() => void) | null = null;

export function setupCodeBlocks(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(".code-block .copy-button")) setupCopyButton(button);
  updateWrapButtons(root);
  if (resizeListener) window.removeEventListener("resize", resizeListener);
  let frame = 0;
  resizeListener = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      updateWrapButtons(root);
    });
  };
  window.addEventListener("resize", resizeListener, { passive: true });
  // Blocks in a tab or <details> just shown may be too wide too.
  root.addEventListener("click", resizeListener);
}
