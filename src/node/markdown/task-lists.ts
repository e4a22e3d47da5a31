// GitHub task lists: `- [ ] to do` and `- [x] done` become disabled checkboxes.
import type { MarkdownIt } from "markdown-it";

const TASK = /^\[([ xX])\][ \t]/;

export function taskListsPlugin(md: MarkdownIt): void {
  md.core.ruler.after("inline", "task_lists", (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i];
      if (
        inline.type !== "inline" ||
        tokens[i - 1].type !== "paragraph_open" ||
        tokens[i - 2].type !== "list_item_open"
      )
        continue;
      const first = inline.children?.[0];
      const m = first && first.type === "text" ? TASK.exec(first.content) : null;
      if (!m || !first) continue;
      first.content = first.content.slice(m[0].length);
      const box = new state.Token("html_inline", "", 0);
      const checked = m[1] !== " ";
      box.content = `<input type="checkbox" class="task-list-checkbox" disabled${checked ? " checked" : ""} aria-label="${checked ? "Done" : "Not done"}"> `;
      inline.children!.unshift(box);
      tokens[i - 2].attrJoin("class", "task-list-item");
    }
  });
}
