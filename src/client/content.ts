// Interactive parts of rendered Markdown: tabs (mouse, arrow keys, synced groups) and copy buttons.
const GROUP_KEY = "docusaurus.tab.";

function selectTab(tabs: HTMLElement, value: string, focus: boolean): void {
  for (const tab of tabs.querySelectorAll<HTMLElement>(":scope > [role=tablist] > [role=tab]")) {
    const on = tab.dataset.value === value;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on && focus) tab.focus();
  }
  for (const panel of tabs.querySelectorAll<HTMLElement>(":scope > [role=tabpanel]")) panel.hidden = panel.dataset.value !== value;
}

export function setupTabs(root: ParentNode): void {
  for (const tabs of root.querySelectorAll<HTMLElement>("[data-tabs]")) {
    const group = tabs.dataset.groupId;
    if (group) {
      try {
        const saved = localStorage.getItem(GROUP_KEY + group);
        if (saved && tabs.querySelector(`:scope > [role=tablist] > [data-value="${CSS.escape(saved)}"]`)) selectTab(tabs, saved, false);
      } catch {
        // No storage: keep the default tab.
      }
    }
    const list = tabs.querySelector<HTMLElement>(":scope > [role=tablist]");
    if (!list) continue;
    const choose = (value: string, focus: boolean) => {
      selectTab(tabs, value, focus);
      if (!group) return;
      try {
        localStorage.setItem(GROUP_KEY + group, value);
      } catch {
        // Not remembered.
      }
      for (const other of document.querySelectorAll<HTMLElement>(`[data-tabs][data-group-id="${CSS.escape(group)}"]`)) {
        if (other !== tabs && other.querySelector(`:scope > [role=tablist] > [data-value="${CSS.escape(value)}"]`)) selectTab(other, value, false);
      }
    };
    list.addEventListener("click", (e) => {
      const tab = (e.target as HTMLElement).closest<HTMLElement>("[role=tab]");
      if (tab?.dataset.value) choose(tab.dataset.value, false);
    });
    list.addEventListener("keydown", (e) => {
      const all = [...list.querySelectorAll<HTMLElement>("[role=tab]")];
      const i = all.indexOf(document.activeElement as HTMLElement);
      if (i < 0) return;
      const next = e.key === "ArrowRight" ? (i + 1) % all.length : e.key === "ArrowLeft" ? (i - 1 + all.length) % all.length : e.key === "Home" ? 0 : e.key === "End" ? all.length - 1 : -1;
      if (next < 0) return;
      e.preventDefault();
      choose(all[next].dataset.value!, true);
    });
  }
}

export function setupCopyButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(".copy-button")) {
    button.addEventListener("click", async () => {
      const code = button.closest(".code-block")?.querySelector("code");
      if (!code) return;
      try {
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
}
