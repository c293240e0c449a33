/** The items of a `check-list` (check-list.css draws each one's mark): each text in a span of its own. */
export const CheckListItems = ({ items }: { items: readonly string[] }) =>
  items.map((item) => (
    <li key={item}>
      <span>{item}</span>
    </li>
  ));
