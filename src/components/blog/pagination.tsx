import { ChevronLeft, ChevronRight } from "../icon.tsx";

/** Page numbers shown around the current one; the first and last are always shown. */
const AROUND = 2;

/** The page numbers to link, with undefined where a gap is: 1 … 4 5 [6] 7 8 … 42. */
function pageNumbers(page: number, pages: number): (number | undefined)[] {
  const shown: (number | undefined)[] = [];
  for (let n = 1; n <= pages; n += 1) {
    if (n === 1 || n === pages || Math.abs(n - page) <= AROUND) shown.push(n);
    else if (shown.at(-1) !== undefined) shown.push(undefined);
  }
  return shown;
}

/** Links between the pages of a long list: previous, numbers (the current one marked), next. Plain links, no script. */
export function Pagination({
  id,
  page,
  pages,
  href,
  label,
}: {
  id?: string;
  page: number;
  pages: number;
  href: (n: number) => string;
  label: string;
}) {
  return (
    <nav className="pagination" id={id} aria-label={label}>
      {page > 1 ? (
        <a className="pagination__step" href={href(page - 1)} rel="prev">
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </a>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
      <ol className="pagination__pages">
        {pageNumbers(page, pages).map((n, i) =>
          n === undefined ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a href={href(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
                {n}
              </a>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <a className="pagination__step" href={href(page + 1)} rel="next">
          Next <ChevronRight size={16} aria-hidden="true" />
        </a>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
    </nav>
  );
}
