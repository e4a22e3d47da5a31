import { overridable } from "../../src/shared/overridable.ts";
import type { DocCardListProps } from "../../src/shared/template-props.ts";

/** One card per category: used on the home page and by `<DocCardList />` in Markdown. */
export default function CardList({ cards }: DocCardListProps) {
  return (
    <ul className="card-grid">
      {cards.map((c) => (
        <li key={c.href}>
          <a className="card" href={c.href}>
            <span className="card-title">{c.label}</span>
            <span className="card-description">{c.description}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export const DocCardList = overridable("DocCardList", CardList);
